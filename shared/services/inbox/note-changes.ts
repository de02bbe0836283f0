import { type NoteMeta, writeNote } from '../../domain/inbox-note.ts'
import { NOTE_TEXT_MAX } from '../../domain/limits.ts'
import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import {
  type AccessSpaceDeps,
  type AccessSpaceRefDeps,
  accessSpace,
  accessSpaceRef,
} from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import { withSlot } from '../access/rate-limit.ts'
import type { CheckSecretsDeps } from '../content/check-secrets.ts'
import { authorOf, commitMessage } from '../content/commit-identity.ts'
import { type CommitInSpaceDeps, commitInSpace } from '../content/commit-in-space.ts'
import type { SpaceRef } from '../content/content-files.ts'
import { findNote, noteDir, notePath, refuseChangeItem, type TakeDropDeps, takeDrop } from './inbox-access.ts'
import { compactChanges, type InboxItem, noteItem, pendingChange } from './inbox-items.ts'
import { checkNoteSecrets } from './note-secrets.ts'

export type CorrectInput = {
  title?: string
  content?: string
  hint?: string
  source?: string
  allowSecrets?: boolean
}

export type CorrectNoteDeps = AccessSpaceDeps & CommitInSpaceDeps & CheckSecretsDeps

/**
 * Corrects a note (contributor); absent fields stay as they are. A note the tidy-up left goes back
 * to be processed. Likely secrets in what was added are refused (422) unless allowed.
 */
export async function correctNote(
  deps: CorrectNoteDeps,
  actor: Actor,
  ref: SpaceRef,
  name: string,
  input: CorrectInput,
): Promise<InboxItem> {
  const access = await accessSpace(deps, actor, ref.org, ref.space, 'space.write')
  refuseChangeItem(name)
  if (input.content !== undefined && input.content.length > NOTE_TEXT_MAX)
    throw new DomainError('text_too_long', { limit: NOTE_TEXT_MAX })
  const done = await commitInSpace(deps, access, async (repo) => {
    const note = await findNote(repo, name)
    const meta: NoteMeta = {
      ...note.meta,
      title: input.title?.trim() || note.meta.title,
      hint: input.hint !== undefined ? input.hint.trim() : note.meta.hint,
      origin: input.source !== undefined ? input.source.trim() : note.meta.origin,
      status: 'pending',
      reason: '',
      candidates: [],
    }
    const content = input.content ?? note.content
    await checkNoteSecrets(
      deps,
      { title: note.meta.title, hint: note.meta.hint, source: note.meta.origin, content: note.content },
      { title: meta.title, hint: meta.hint, source: meta.origin, content },
      input.allowSecrets,
    )
    return {
      changes: [{ path: notePath(name), content: new TextEncoder().encode(writeNote(meta, content)) }],
      author: authorOf(actor),
      message: commitMessage(actor, `Correct note: ${meta.title}`),
      result: noteItem({ ...note, meta, content }),
    }
  })
  return done.result
}

export type DeleteNoteDeps = AccessSpaceDeps & CommitInSpaceDeps

/** Removes a note and its attachments (contributor). */
export async function deleteNote(
  deps: DeleteNoteDeps,
  actor: Actor,
  ref: SpaceRef,
  name: string,
): Promise<void> {
  const access = await accessSpace(deps, actor, ref.org, ref.space, 'space.write')
  refuseChangeItem(name)
  await commitInSpace(deps, access, async (repo) => {
    const note = await findNote(repo, name)
    return {
      changes: [notePath(name), ...note.attachments.map((a) => `${noteDir(name)}/${a.name}`)].map((path) => ({
        path,
        content: null,
      })),
      author: authorOf(actor),
      message: commitMessage(actor, `Delete note: ${note.meta.title}`),
      result: undefined,
    }
  })
}

export type MoveNoteDeps = AccessSpaceDeps &
  AccessSpaceRefDeps &
  TakeDropDeps &
  CommitInSpaceDeps &
  Pick<Deps, 'repos'>

/**
 * Moves a note, with its attachments, to another space (contributor of both). It is written in the
 * target before it leaves the source, so a failure in between never loses it. Counts as a drop.
 */
export async function moveNote(
  deps: MoveNoteDeps,
  actor: Actor,
  ref: SpaceRef,
  name: string,
  target: string,
): Promise<{ space: string; path: string }> {
  const source = await accessSpace(deps, actor, ref.org, ref.space, 'space.write')
  refuseChangeItem(name)
  const destination = await accessSpaceRef(deps, actor, target, 'space.write')
  if (destination.space.id === source.space.id) throw new DomainError('same_space')
  // The slot is given back unless the note reached the target: that is what counts as a drop.
  const { files, title } = await withSlot(await takeDrop(deps, actor), async () => {
    const sourceRepo = deps.repos.open(source.space.id, source.space.branch)
    const note = await findNote(sourceRepo, name)
    const read = await Promise.all(
      [notePath(name), ...note.attachments.map((a) => `${noteDir(name)}/${a.name}`)].map(async (path) => ({
        path,
        content: (await sourceRepo.read(path))?.bytes ?? new Uint8Array(),
      })),
    )
    await commitInSpace(deps, destination, async (repo) => {
      if ((await repo.shaOf(notePath(name))) !== undefined)
        throw new DomainError('file_exists', { value: name })
      return {
        changes: read,
        author: authorOf(actor),
        message: commitMessage(actor, `Move note from ${ref.org}/${ref.space}: ${note.meta.title}`),
        result: undefined,
      }
    })
    return { files: read, title: note.meta.title }
  })
  await commitInSpace(deps, source, async () => ({
    changes: files.map((f) => ({ path: f.path, content: null })),
    author: authorOf(actor),
    message: commitMessage(actor, `Move note to ${target}: ${title}`),
    result: undefined,
  }))
  return { space: target, path: noteDir(name) }
}

export type MarkSeenDeps = AccessSpaceDeps & Pick<Deps, 'clock' | 'queue' | 'repos'>

/** Marks a change item as seen (contributor): nothing more is asked until the page's next change. */
export async function markSeen(deps: MarkSeenDeps, actor: Actor, ref: SpaceRef, name: string): Promise<void> {
  const { space, orgStore } = await accessSpace(deps, actor, ref.org, ref.space, 'space.write')
  if (!name.startsWith('change-')) {
    // An item that is not there is not found (404), whatever its name; a note is no change (400).
    await findNote(deps.repos.open(space.id, space.branch), name)
    throw new DomainError('not_a_change')
  }
  await deps.queue.run(space.id, async () => {
    const repo = deps.repos.open(space.id, space.branch)
    const change = await pendingChange(repo, orgStore, space, name)
    if (!change) throw new DomainError('not_found')
    await orgStore.space(space.id).marks.mark([{ path: change.path, sha: change.sha }], deps.clock.now())
    await compactChanges(repo, orgStore, space)
  })
}

export type ReadAttachmentDeps = AccessSpaceDeps & Pick<Deps, 'repos'>

/** An attachment's bytes (readers). */
export async function readAttachment(
  deps: ReadAttachmentDeps,
  actor: Actor,
  ref: SpaceRef,
  name: string,
  filename: string,
): Promise<{ name: string; bytes: Uint8Array }> {
  const { space } = await accessSpace(deps, actor, ref.org, ref.space, 'space.read')
  const repo = deps.repos.open(space.id, space.branch)
  const note = await findNote(repo, name)
  const attachment = note.attachments.find((a) => a.name === filename)
  const file = attachment && (await repo.read(`${noteDir(name)}/${attachment.name}`))
  if (!file) throw new DomainError('not_found')
  return { name: filename, bytes: file.bytes }
}
