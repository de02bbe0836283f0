import { createTwoFilesPatch } from 'diff'
import { CONTENT_DIR, relativeToContent } from '../../domain/content-path.ts'
import { splitFrontMatter } from '../../domain/front-matter.ts'
import { INBOX_DIR, NOTE_FILE, type NoteMeta, readNote } from '../../domain/inbox-note.ts'
import { ownTitle } from '../../domain/page-title.ts'
import { pathKey } from '../../domain/path-key.ts'
import type { ChangedPage, PendingQuery } from '../../ports/page-marks.ts'
import type { FileEntry, Repo } from '../../ports/repo.ts'
import type { OrgStore, Space } from '../../ports/store.ts'
import { asText } from '../content/check-secrets.ts'
import { catchUpChanges, REQUEST_COMMITS_MAX } from './change-log.ts'

/** A note of the inbox, as kept in the repository. */
export type StoredNote = {
  name: string
  meta: NoteMeta
  content: string
  attachments: { name: string; size: number }[]
}

/** One item of the inbox: a dropped note, or a page changed since it was last tidied or seen. */
export type InboxItem = {
  name: string
  type: 'note' | 'change'
  title: string
  depositedBy: string
  depositedAt: string
  status: 'pending' | 'left'
  reason: string
  /** For a note left by the tidy-up: pages it could go to, best first. */
  candidates: string[]
  hint: string
  source: string
  via: string
  origin: string
  attachments: { name: string; size: number }[]
  /** For a change: the page's path under content/. */
  path?: string
}

/** Every note in a space's inbox, newest first. */
export async function loadNotes(repo: Repo): Promise<StoredNote[]> {
  const notes: StoredNote[] = []
  for (const [name, attachments] of notesIn(await repo.list(INBOX_DIR))) {
    const note = await readStoredNote(repo, name, attachments)
    if (note) notes.push(note)
  }
  return notes.sort((a, b) =>
    a.meta.depositedAt < b.meta.depositedAt
      ? 1
      : a.meta.depositedAt > b.meta.depositedAt
        ? -1
        : a.name < b.name
          ? 1
          : -1,
  )
}

/** One note of a space's inbox (`name` already checked), or undefined when there is none by that name. */
export async function loadNote(repo: Repo, name: string): Promise<StoredNote | undefined> {
  const attachments = notesIn(await repo.list(`${INBOX_DIR}/${name}`)).get(name)
  return attachments && readStoredNote(repo, name, attachments)
}

/** The files of the inbox grouped by note: each note's attachments (its files beside the note file). */
function notesIn(files: FileEntry[]): Map<string, StoredNote['attachments']> {
  const byNote = new Map<string, StoredNote['attachments']>()
  for (const file of files) {
    const [name = '', ...rest] = file.path.slice(INBOX_DIR.length + 1).split('/')
    if (!byNote.has(name)) byNote.set(name, [])
    if (rest.join('/') !== NOTE_FILE) byNote.get(name)?.push({ name: rest.join('/'), size: file.size })
  }
  return byNote
}

async function readStoredNote(
  repo: Repo,
  name: string,
  attachments: StoredNote['attachments'],
): Promise<StoredNote | undefined> {
  const file = await repo.read(`${INBOX_DIR}/${name}/${NOTE_FILE}`)
  if (!file) return undefined
  const { meta, content } = readNote(asText(file.bytes) ?? '')
  return { name, meta, content, attachments }
}

/** The item a stored note shows as. */
export function noteItem(note: StoredNote): InboxItem {
  const { meta } = note
  return {
    name: note.name,
    type: 'note',
    title: meta.title,
    depositedBy: meta.depositedBy,
    depositedAt: meta.depositedAt,
    status: meta.status,
    reason: meta.reason,
    candidates: meta.candidates,
    hint: meta.hint,
    source: meta.source,
    via: meta.via,
    origin: meta.origin,
    attachments: [...note.attachments].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
  }
}

/**
 * A changed page: its path, the blob it has now (null when deleted) and its latest change; what it
 * is compared with is the blob last seen (`seen`, null for a page seen deleted) or else the blob it
 * had before its first change since tracking began (`before`).
 */
export type PageChange = {
  name: string
  path: string
  sha: string | null
  seen: string | null | undefined
  before: string | null
  last: Omit<ChangedPage, 'path' | 'key' | 'before' | 'after'>
}

/**
 * Pages under content/ whose content changed since they were last tidied or seen, by the API or
 * directly in Git, newest change first, with how many there are in all (`query` limits them or
 * picks one by its key). Tracking starts at the space's first look (nothing is reported for pages
 * that were already there); once every change is seen it starts afresh from the current tip. Read
 * from the change log, brought up to the tip first: a request reads only the commits since the last.
 */
export async function pendingChanges(
  repo: Repo,
  orgStore: OrgStore,
  space: Space,
  query: PendingQuery = {},
): Promise<{ changes: PageChange[]; total: number }> {
  const head = await repo.head()
  const store = orgStore.space(space.id)
  const state = await store.git.get()
  if (!state.changeBase) {
    await store.marks.resetChangeBase(head ?? null)
    return { changes: [], total: 0 }
  }
  await catchUpChanges(repo, store.marks, head, state.changeBase, REQUEST_COMMITS_MAX)
  const { pages, total } = await store.marks.pendingPages(query)
  const changes = pages.map(({ path, key, before, after, seen, ...last }) => ({
    name: `change-${key}`,
    path,
    sha: after,
    seen,
    before,
    last,
  }))
  return { changes, total }
}

/** Every page still to report as changed (see pendingChanges). */
export async function pageChanges(repo: Repo, orgStore: OrgStore, space: Space): Promise<PageChange[]> {
  return (await pendingChanges(repo, orgStore, space)).changes
}

/** The change item of this name still to report, if any. */
export async function pendingChange(
  repo: Repo,
  orgStore: OrgStore,
  space: Space,
  name: string,
): Promise<PageChange | undefined> {
  if (!name.startsWith('change-')) return undefined
  const { changes } = await pendingChanges(repo, orgStore, space, { key: name.slice('change-'.length) })
  return changes[0]
}

/** The change still to report for the page at this repository path, if any. */
export async function pendingChangeOf(
  repo: Repo,
  orgStore: OrgStore,
  space: Space,
  path: string,
): Promise<PageChange | undefined> {
  const { changes } = await pendingChanges(repo, orgStore, space, { key: pathKey(path) })
  return changes.find((c) => c.path === path)
}

/**
 * Forgets the marks once nothing is left to report, so the next look starts from the tip. The log is
 * first read to the tip whatever the backlog: a change not yet read must not be forgotten with them.
 */
export async function compactChanges(repo: Repo, orgStore: OrgStore, space: Space): Promise<void> {
  const { marks, git } = orgStore.space(space.id)
  const head = await repo.head()
  const { changeBase } = await git.get()
  if (changeBase && !(await catchUpChanges(repo, marks, head, changeBase))) return
  if ((await pendingChanges(repo, orgStore, space, { limit: 1 })).total === 0)
    await marks.resetChangeBase(head ?? null)
}

/**
 * The order of the inbox: newest first; among items of the same time, notes by name and changed
 * pages by path (as the change log gives them).
 */
export function inboxOrder(a: InboxItem, b: InboxItem): number {
  const key = (item: InboxItem) => (item.type === 'change' ? `change-${item.path ?? ''}` : item.name)
  return a.depositedAt < b.depositedAt
    ? 1
    : a.depositedAt > b.depositedAt
      ? -1
      : key(a) < key(b)
        ? -1
        : key(a) > key(b)
          ? 1
          : 0
}

/** The item a changed page shows as, before its title is read: who changed it last, when and through what. */
export function changeItem(change: PageChange): InboxItem {
  return {
    name: change.name,
    type: 'change',
    title: relativeToContent(change.path),
    depositedBy: change.last.author,
    depositedAt: new Date(change.last.date).toISOString(),
    status: 'pending',
    reason: '',
    candidates: [],
    hint: '',
    source: change.last.source,
    via: change.last.via,
    origin: '',
    attachments: [],
    path: relativeToContent(change.path),
  }
}

/** A change item with the page's own title, read from the page as it is now (its path when it has none). */
export async function withPageTitle(repo: Repo, item: InboxItem): Promise<InboxItem> {
  if (item.type !== 'change' || item.path === undefined) return item
  const file = await repo.read(`${CONTENT_DIR}/${item.path}`)
  const text = file ? (asText(file.bytes) ?? '') : ''
  const { data: front, body } = splitFrontMatter(text)
  return { ...item, title: ownTitle(front, body) || item.path }
}

/** How many of a page's commits a change item's body lists at most. */
const BODY_COMMITS = 20

/** What a change item's body shows: the commits since the page was last seen, and the diff. */
export async function changeBody(
  repo: Repo,
  orgStore: OrgStore,
  space: Space,
  change: PageChange,
): Promise<string> {
  const seenSha = change.seen !== undefined ? change.seen : change.before
  const before = seenSha ? (asText((await repo.readBlob(seenSha)) ?? new Uint8Array()) ?? '') : ''
  const after = change.sha ? (asText((await repo.readBlob(change.sha)) ?? new Uint8Array()) ?? '') : ''
  const commits = []
  for (const commit of await orgStore.space(space.id).marks.pageCommits(change.path, BODY_COMMITS)) {
    if (commit.after === seenSha) break
    commits.push(
      `${commit.commit.slice(0, 10)} ${new Date(commit.date).toISOString().slice(0, 10)} ${commit.author}: ${commit.subject}`,
    )
  }
  const relative = relativeToContent(change.path)
  const patch = createTwoFilesPatch(`a/${relative}`, `b/${relative}`, before, after, '', '', { context: 3 })
  return `${commits.join('\n')}\n\n${patch}`
}
