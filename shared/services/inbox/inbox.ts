import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import { type AccessSpaceDeps, accessSpace } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import type { SpaceRef } from '../content/content-files.ts'
import { findNote } from './inbox-access.ts'
import {
  changeBody,
  changeItem,
  type InboxItem,
  inboxOrder,
  loadNotes,
  noteItem,
  pendingChange,
  pendingChanges,
  withPageTitle,
} from './inbox-items.ts'

export type InboxQuery = { kind?: 'note' | 'change' | 'left'; limit: number; offset: number }

export type ListInboxDeps = AccessSpaceDeps & Pick<Deps, 'repos'>

/**
 * The inbox of a space (readers): notes to process, notes the tidy-up left (kind `left`), and
 * pages changed since they were last tidied or seen (kind `change`), newest first, with the total.
 */
export async function listInbox(
  deps: ListInboxDeps,
  actor: Actor,
  ref: SpaceRef,
  query: InboxQuery,
): Promise<{ items: InboxItem[]; total: number }> {
  const { space, orgStore } = await accessSpace(deps, actor, ref.org, ref.space, 'space.read')
  const repo = deps.repos.open(space.id, space.branch)
  const notes = query.kind === 'change' ? [] : (await loadNotes(repo)).map(noteItem)
  const wantedNotes = notes.filter((n) =>
    query.kind === 'left' ? n.status === 'left' : query.kind === 'note' ? n.status === 'pending' : true,
  )
  // The first offset + limit changed pages are enough: with every note, they hold the page asked for.
  const { changes, total } =
    query.kind === undefined || query.kind === 'change'
      ? await pendingChanges(repo, orgStore, space, { limit: query.offset + query.limit })
      : { changes: [], total: 0 }
  const all = [...wantedNotes, ...changes.map(changeItem)].sort(inboxOrder)
  // Only the pages shown are read, for their titles.
  const items = await Promise.all(
    all.slice(query.offset, query.offset + query.limit).map((item) => withPageTitle(repo, item)),
  )
  return { items, total: wantedNotes.length + total }
}

export type GetInboxItemDeps = AccessSpaceDeps & Pick<Deps, 'repos'>

/** One inbox item with its body: a note's text, or a changed page's commits and diff. */
export async function getInboxItem(
  deps: GetInboxItemDeps,
  actor: Actor,
  ref: SpaceRef,
  name: string,
): Promise<InboxItem & { body: string }> {
  const { space, orgStore } = await accessSpace(deps, actor, ref.org, ref.space, 'space.read')
  const repo = deps.repos.open(space.id, space.branch)
  if (name.startsWith('change-')) {
    const change = await pendingChange(repo, orgStore, space, name)
    if (!change) throw new DomainError('not_found')
    return {
      ...(await withPageTitle(repo, changeItem(change))),
      body: await changeBody(repo, orgStore, space, change),
    }
  }
  const note = await findNote(repo, name)
  return { ...noteItem(note), body: note.content }
}
