import { CONTENT_DIR, isContentFile, relativeToContent } from '../../domain/content-path.ts'
import { kindOf } from '../../domain/file-kinds.ts'
import type { CommitChanges, RepoReader } from '../../ports/repo.ts'

/** How long a deleted page stays in the trash. */
export const TRASH_DAYS = 30
export const TRASH_MS = TRASH_DAYS * 24 * 60 * 60 * 1000

/**
 * Commits older than the trash's window met in a row, along first parents, before the walk back
 * stops: a commit replayed or pushed late keeps its author's older date, and one such commit must
 * not hide the newer ones behind it.
 */
const OLD_COMMITS_IN_A_ROW = 50

/** A file a commit removed: its path relative to content/ and the blob it had. */
export type RemovedFile = { path: string; blob: string }

/** A Markdown page a commit removed, with what the same commit removed and added beside it. */
export type PageDeletion = {
  path: string
  blob: string
  commit: string
  author: string
  date: number
  /** Other files the same commit removed (attachments that may go back with the page). */
  removed: RemovedFile[]
  /** Pages the same commit created: where the page may have been moved to. */
  added: RemovedFile[]
}

/** The deletions read from a space's history up to a tip. */
type Scan = { tip: string; deletions: PageDeletion[] }

/** Per repository store, each space's last scan and the tip it reads to (concurrent requests share it). */
const scans = new WeakMap<object, Map<number, { tip: string; scan: Promise<Scan> }>>()

/** The page deletions of these commits, oldest first. */
function deletionsIn(commits: CommitChanges[]): PageDeletion[] {
  const found: PageDeletion[] = []
  for (const { commit, changes } of commits) {
    const inContent = changes.filter((c) => isContentFile(c.path))
    const removed = inContent.flatMap((c) =>
      c.before !== null && c.after === null ? [{ path: relativeToContent(c.path), blob: c.before }] : [],
    )
    if (!removed.some((r) => kindOf(r.path) === 'markdown')) continue
    const added = inContent.flatMap((c) =>
      c.before === null && c.after !== null && kindOf(c.path) === 'markdown'
        ? [{ path: relativeToContent(c.path), blob: c.after }]
        : [],
    )
    for (const page of removed.filter((r) => kindOf(r.path) === 'markdown'))
      found.push({
        ...page,
        commit: commit.sha,
        author: commit.author.name,
        date: commit.date,
        removed: removed.filter((r) => kindOf(r.path) !== 'markdown'),
        added,
      })
  }
  return found
}

/**
 * The newest commit along first parents from `tip` that is older than `since`, after enough of them
 * in a row (undefined when history starts before that): the trash reads no further back.
 */
async function boundaryBefore(repo: RepoReader, tip: string, since: number): Promise<string | undefined> {
  let oldInARow = 0
  let firstOld: string | undefined
  for (let sha: string | undefined = tip; sha; sha = (await repo.parents(sha))[0]) {
    const date = (await repo.commitInfo(sha))?.date ?? 0
    if (date >= since) {
      oldInARow = 0
      firstOld = undefined
      continue
    }
    firstOld ??= sha
    if (++oldInARow >= OLD_COMMITS_IN_A_ROW) return firstOld
  }
  return undefined
}

/** Reads the deletions since `since` afresh, or adds those of the commits since the last scan. */
async function scan(repo: RepoReader, previous: Scan | undefined, tip: string, since: number): Promise<Scan> {
  if (previous && (await repo.isAncestor(previous.tip, tip))) {
    const commits = (await repo.changesSince(previous.tip, tip, CONTENT_DIR, Number.POSITIVE_INFINITY)) ?? []
    const kept = previous.deletions.filter((d) => d.date >= since)
    return { tip, deletions: [...kept, ...deletionsIn(commits)] }
  }
  const boundary = await boundaryBefore(repo, tip, since)
  const commits = (await repo.changesSince(boundary, tip, CONTENT_DIR, Number.POSITIVE_INFINITY)) ?? []
  return { tip, deletions: deletionsIn(commits) }
}

/**
 * The Markdown pages deleted in a space's history since `since` (ms), oldest first, read from Git:
 * once back to the window's start, then only the commits that came since, however they came (the
 * API, a push, a sync). Kept in memory per space; a tip that is not a descendant of the last one
 * read (history rewritten by a sync) is read afresh.
 */
export async function pageDeletions(
  repo: RepoReader,
  reposKey: object,
  spaceId: number,
  since: number,
): Promise<PageDeletion[]> {
  const tip = await repo.head()
  if (!tip) return []
  const bySpace = scans.get(reposKey) ?? new Map<number, { tip: string; scan: Promise<Scan> }>()
  scans.set(reposKey, bySpace)
  const kept = bySpace.get(spaceId)
  let current = kept?.tip === tip ? kept.scan : undefined
  if (!current) {
    const previous = kept ? await kept.scan.catch(() => undefined) : undefined
    current = scan(repo, previous, tip, since)
    const entry = { tip, scan: current }
    bySpace.set(spaceId, entry)
    current.catch(() => {
      if (bySpace.get(spaceId) === entry) bySpace.delete(spaceId)
    })
  }
  return (await current).deletions.filter((d) => d.date >= since)
}
