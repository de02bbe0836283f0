import { readNote, writeNote } from '../../../domain/inbox-note.ts'
import { editFrontMatter } from '../../../domain/quality/front-matter-edit.ts'
import type { FileChange, Repo } from '../../../ports/repo.ts'
import type { Actor } from '../../access/actor.ts'
import type { Slot } from '../../access/rate-limit.ts'
import { asText } from '../../content/check-secrets.ts'
import { type TakeDropDeps, takeDrop } from '../../inbox/inbox-access.ts'

/** What a push does to the inbox: how many notes it adds, and the depositors to put right. */
export type PushedNotes = { added: number; fixes: FileChange[] }

/**
 * The notes a push adds or changes between `head` and `to`. A note it adds is deposited by the
 * pusher, and a note already there keeps its depositor: a note file naming anyone else (a forged
 * `deposited_by`, or the desktop's own name for its person) is put right by a change, which the push
 * commits on top of the pushed commits.
 */
export async function pushedNotes(
  repo: Repo,
  actor: Actor,
  paths: string[],
  head: string | undefined,
  to: string,
): Promise<PushedNotes> {
  const out: PushedNotes = { added: 0, fixes: [] }
  for (const path of paths) {
    const after = await repo.read(path, to)
    if (!after) continue
    const before = head ? await repo.read(path, head) : undefined
    if (!before) out.added++
    const expected = before ? readNote(asText(before.bytes) ?? '').meta.depositedBy : actor.account.username
    const text = asText(after.bytes) ?? ''
    const { meta, content } = readNote(text)
    if (meta.depositedBy === expected) continue
    // Only that field changes where the front matter reads back; otherwise the note is written anew.
    const fixed =
      editFrontMatter(text, { deposited_by: expected }) ??
      writeNote({ ...meta, depositedBy: expected }, content)
    out.fixes.push({ path, content: new TextEncoder().encode(fixed) })
  }
  return out
}

export type TakeDropsDeps = TakeDropDeps

/**
 * Takes one of the pusher's hourly drops per note the push adds, or refuses (`too_many_drops`)
 * giving back those already taken.
 */
export async function takeDrops(deps: TakeDropsDeps, actor: Actor, count: number): Promise<Slot[]> {
  const slots: Slot[] = []
  try {
    for (let i = 0; i < count; i++) slots.push(await takeDrop(deps, actor))
  } catch (error) {
    await releaseAll(slots)
    throw error
  }
  return slots
}

/** Gives drops back: the push they were taken for did not happen. */
export async function releaseAll(slots: Slot[]): Promise<void> {
  for (const slot of slots) await slot.release()
}
