import { createTwoFilesPatch } from 'diff'
import { CONTENT_DIR, relativeToContent } from '../domain/content-path.ts'
import { splitFrontMatter } from '../domain/front-matter.ts'
import { INBOX_DIR, NOTE_FILE, type NoteMeta, readNote } from '../domain/inbox-note.ts'
import { ownTitle } from '../domain/page-title.ts'
import { pathKey } from '../domain/path-key.ts'
import type { FileEntry, Repo } from '../ports/repo.ts'
import type { OrgStore, Space } from '../ports/store.ts'
import { asText } from './check-secrets.ts'

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
 * A changed page: its path and the blob it has now (null when deleted); what it is compared with is
 * the blob last seen (`seen`, null for a page seen deleted) or else the page at `base`.
 */
export type PageChange = {
  name: string
  path: string
  sha: string | null
  seen: string | null | undefined
  base: string
}

/**
 * Pages under content/ whose content changed since they were last tidied or seen, by the API or
 * directly in Git. Tracking starts at the space's first look (nothing is reported for pages that
 * were already there); once every change is seen it starts afresh from the current tip.
 */
export async function pageChanges(repo: Repo, orgStore: OrgStore, space: Space): Promise<PageChange[]> {
  const head = await repo.head()
  const state = await orgStore.space(space.id).git.get()
  if (!state.changeBase) {
    await orgStore.space(space.id).marks.resetChangeBase(head ?? null)
    return []
  }
  const base = state.changeBase
  const marks = await orgStore.space(space.id).marks.get()
  const changes: PageChange[] = []
  for (const path of await repo.changedPaths(base, head)) {
    if (!path.startsWith(`${CONTENT_DIR}/`) || !path.endsWith('.md')) continue
    const sha = (await repo.shaOf(path)) ?? null
    const seen = marks.get(path)
    if (marks.has(path) && seen === sha) continue
    changes.push({ name: `change-${pathKey(path)}`, path, sha, seen, base })
  }
  return changes
}

/** Forgets the marks once nothing is left to report, so the next look starts from the tip. */
export async function compactChanges(repo: Repo, orgStore: OrgStore, space: Space): Promise<void> {
  if ((await pageChanges(repo, orgStore, space)).length === 0)
    await orgStore.space(space.id).marks.resetChangeBase((await repo.head()) ?? null)
}

const trailer = (message: string, key: string) =>
  new RegExp(`^${key}: (.+)$`, 'm').exec(message)?.[1]?.trim() ?? ''

/** The item a changed page shows as: its title, and who changed it last, when and through what. */
export async function changeItem(repo: Repo, change: PageChange): Promise<InboxItem> {
  const [last] = await repo.history(change.path, 1)
  const file = change.sha ? await repo.read(change.path) : undefined
  const text = file ? (asText(file.bytes) ?? '') : ''
  const { data: front, body } = splitFrontMatter(text)
  const title = ownTitle(front, body) || relativeToContent(change.path)
  return {
    name: change.name,
    type: 'change',
    title,
    depositedBy: last?.author.name ?? '',
    depositedAt: last ? new Date(last.date).toISOString() : '',
    status: 'pending',
    reason: '',
    candidates: [],
    hint: '',
    source: last ? trailer(last.message, 'Source') || 'git' : 'git',
    via: last ? trailer(last.message, 'Via') : '',
    origin: '',
    attachments: [],
    path: relativeToContent(change.path),
  }
}

/** What a change item's body shows: the commits since the page was last seen, and the diff. */
export async function changeBody(repo: Repo, change: PageChange): Promise<string> {
  const seenSha =
    change.seen !== undefined ? change.seen : ((await repo.read(change.path, change.base))?.sha ?? null)
  const before = seenSha ? (asText((await repo.readBlob(seenSha)) ?? new Uint8Array()) ?? '') : ''
  const after = change.sha ? (asText((await repo.readBlob(change.sha)) ?? new Uint8Array()) ?? '') : ''
  const commits = []
  for (const commit of await repo.history(change.path, 20)) {
    const blob = (await repo.read(change.path, commit.sha))?.sha ?? null
    if (blob === seenSha) break
    commits.push(
      `${commit.sha.slice(0, 10)} ${new Date(commit.date).toISOString().slice(0, 10)} ${commit.author.name}: ${commit.subject}`,
    )
  }
  const relative = relativeToContent(change.path)
  const patch = createTwoFilesPatch(`a/${relative}`, `b/${relative}`, before, after, '', '', { context: 3 })
  return `${commits.join('\n')}\n\n${patch}`
}
