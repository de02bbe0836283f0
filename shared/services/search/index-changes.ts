import { isContentFile, relativeToContent } from '../../domain/content-path.ts'
import type { Deps } from '../../ports/deps.ts'
import type { BlobChange, Repo } from '../../ports/repo.ts'
import type { Space } from '../../ports/store.ts'

/** The files to index again and the files to take out of the indexes, relative to content/. */
export type Changes = { changed: string[]; removed: string[] }

/**
 * The files changed and removed under content/ since the commit the index last read, from Git's diff
 * of the two trees: a save reads what it changed, not the blob ids of every file and every indexed
 * one (about 15 ms of a save at 10,000 pages). None when that commit is the tip: the index holds every
 * file of it (the commit is recorded once all its files are written), and a start, or a page view
 * asking for related pages, compares nothing (at 10,000 pages, a listing of every file and of every
 * indexed one, 50 ms of each view and 300 ms of each start). Undefined when there is no such commit or
 * it cannot be read: everything is compared.
 */
export async function changesSinceIndexed(
  repo: Repo,
  commit: string | null,
  head: string | undefined,
): Promise<Changes | undefined> {
  if (!commit || !head) return undefined
  if (commit === head) return { changed: [], removed: [] }
  let diff: BlobChange[]
  try {
    diff = await repo.diff(commit, head)
  } catch {
    return undefined
  }
  const changed: string[] = []
  const removed: string[] = []
  for (const change of diff) {
    if (!isContentFile(change.path)) continue
    ;(change.after === null ? removed : changed).push(relativeToContent(change.path))
  }
  return { changed, removed }
}

/**
 * The files whose blob differs from the one the index read, and the indexed files no longer there.
 * Given the index's files (a rebuild, which has read them), every file is read again, and the files
 * no longer there are those of the word index too: a write cut short between the two indexes may
 * have left a file's words alone.
 */
export async function changesFromIndex(
  deps: Pick<Deps, 'store' | 'textIndex'>,
  space: Space,
  listing: readonly { path: string; sha: string }[],
  everyFile?: readonly { path: string; sha: string }[],
): Promise<Changes> {
  const current = new Map(listing.map((f) => [relativeToContent(f.path), f.sha]))
  const files = everyFile ?? (await deps.store.index.forSpace(space.id).shas())
  const known = new Map(files.map((f) => [f.path, f.sha]))
  const indexed = new Set(known.keys())
  if (everyFile) for (const path of await deps.textIndex.forSpace(space.id).paths()) indexed.add(path)
  return {
    changed: [...current].filter(([path, sha]) => everyFile || known.get(path) !== sha).map(([path]) => path),
    removed: [...indexed].filter((path) => !current.has(path)),
  }
}

/** How far back the indexer looks for when each file last changed. */
const HISTORY_LOOKBACK = 2_000

/** When each of `paths` last changed, walking history back from the tip (the tip's time for any not found). */
export async function lastChanges(
  repo: Repo,
  head: string,
  paths: Set<string>,
): Promise<Map<string, number>> {
  const found = new Map<string, number>()
  let current: string | undefined = head
  for (let steps = 0; current && found.size < paths.size && steps < HISTORY_LOOKBACK; steps++) {
    const [parent] = await repo.parents(current)
    const date = (await repo.commitInfo(current))?.date ?? 0
    for (const path of await repo.changedPaths(parent, current)) {
      if (paths.has(path) && !found.has(path)) found.set(path, date)
    }
    current = parent
  }
  return found
}
