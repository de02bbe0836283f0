import { INBOX_DIR, isNoteName, NOTE_FILE } from '../../domain/inbox-note.ts'
import { DROPS_PER_ACCOUNT } from '../../domain/limits.ts'
import { DomainError } from '../../errors/domain-error.ts'
import type { Repo } from '../../ports/repo.ts'
import type { Actor } from '../access/actor.ts'
import { type Slot, type TakeSlotDeps, takeSlot } from '../access/rate-limit.ts'
import { loadNote, type StoredNote } from './inbox-items.ts'

/** The folder of a note in the repository. */
export const noteDir = (name: string) => `${INBOX_DIR}/${name}`
export const notePath = (name: string) => `${INBOX_DIR}/${name}/${NOTE_FILE}`

/** Refuses (400) to correct, delete or move a change item: those act on notes only. */
export function refuseChangeItem(name: string): void {
  if (name.startsWith('change-')) throw new DomainError('not_a_note')
}

/** A note by name, or 404. */
export async function findNote(repo: Repo, name: string): Promise<StoredNote> {
  if (!isNoteName(name)) throw new DomainError('not_found')
  const note = await loadNote(repo, name)
  if (!note) throw new DomainError('not_found')
  return note
}

const dropKey = (actor: Actor) => `drop:${actor.account.id}`

export type TakeDropDeps = TakeSlotDeps

/**
 * Takes one of the account's hourly drops (or moves), across every space and interface, or refuses
 * (429) beyond the limit. The caller gives it back when the drop fails.
 */
export async function takeDrop(deps: TakeDropDeps, actor: Actor): Promise<Slot> {
  return await takeSlot(
    deps,
    [{ key: dropKey(actor), limit: DROPS_PER_ACCOUNT }],
    (wait) => new DomainError('too_many_drops', { limit: DROPS_PER_ACCOUNT.max, retry_after: wait }, wait),
  )
}
