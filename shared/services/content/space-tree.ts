import { isContentFile, isPlaceholder, relativeToContent } from '../../domain/content-path.ts'
import { kindOf } from '../../domain/file-kinds.ts'
import type { Deps } from '../../ports/deps.ts'
import type { BlobChange, RepoReader } from '../../ports/repo.ts'
import type { Space } from '../../ports/store.ts'
import { type AccessSpaceDeps, accessSpace } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import { titleFromName, titleOfPage } from '../pages/page-titles.ts'
import { everySpace } from '../spaces/every-space.ts'
import type { SpaceRef, TreeEntry } from './content-files.ts'
import { TreeCache } from './tree-cache.ts'

/**
 * A space's files at one commit, ready to answer: sorted by path, each entry's JSON made once, and
 * the whole list's JSON as bytes. `version` names what the listing shows (the commit) when every
 * title in it is the page's own, undefined when some were guessed or the space has no commit yet.
 */
export type PreparedTree = {
  version: string | undefined
  entries: readonly TreeEntry[]
  /** Each entry as JSON, in the order of `entries`. */
  json: readonly string[]
  /** `[` the entries `]`, as UTF-8. */
  body: Uint8Array
}

export type SpaceTreeDeps = AccessSpaceDeps & Pick<Deps, 'repos' | 'store'>

/**
 * Most pages whose title a tree listing reads from their file because the index has not read their
 * version yet: the few just written, so a new title shows at once, and never a whole space at a cost
 * that grows with it (a space not indexed yet lists the others by their file names).
 */
const FRESH_TITLE_READS = 20

/** Memory the trees kept by this process may take (about three times their JSON's size each). */
const KEPT_TREE_BYTES = 96 * 1024 * 1024

/** Trees by commit: a commit's tree is the same in every space that holds the commit. */
const kept = new TreeCache<PreparedTree>(KEPT_TREE_BYTES)

/** The commit each space's tree was last listed at by this process, to read the next one from. */
const lastListed = new Map<number, string>()

/** Past this many files changed since the last listing, the tree is listed afresh. */
const DERIVED_CHANGES = 500

const encoder = new TextEncoder()
const EMPTY: PreparedTree = { version: undefined, entries: [], json: [], body: encoder.encode('[]') }

/**
 * Every file under `content/` at the branch tip (path relative to it, size, blob id, a page's title),
 * for a reader of the space. Listed once per commit and kept: the permission check and the tip are
 * read on each call, the listing only when the tip is new to this process.
 */
export async function spaceTree(deps: SpaceTreeDeps, actor: Actor, ref: SpaceRef): Promise<PreparedTree> {
  const { space } = await accessSpace(deps, actor, ref.org, ref.space, 'space.read')
  return treeAtTip(deps, space)
}

/**
 * Lists every space's tree at its tip, one space after another, and keeps them as a reader's first
 * request would. The desktop does it once started, so that the window's first page does not wait for
 * its space's listing (at 10,000 pages, a quarter of a second the page took longer to show).
 */
export async function prepareSpaceTrees(deps: Pick<Deps, 'repos' | 'store'>): Promise<void> {
  for (const space of await everySpace(deps)) await treeAtTip(deps, space)
}

/** The space's tree at its branch tip, kept or listed now. */
async function treeAtTip(deps: Pick<Deps, 'repos' | 'store'>, space: Space): Promise<PreparedTree> {
  const repo = deps.repos.open(space.id, space.branch)
  const commit = await repo.head()
  if (!commit) return EMPTY
  return kept.get(commit, async () => {
    const previous = lastListed.get(space.id)
    const base = previous && previous !== commit ? kept.peek(previous) : undefined
    // A commit after one whose titles are all known is read as its changes to that tree.
    const derived = base?.version && previous ? await derive(repo, base, previous, commit) : undefined
    const { entries, complete } = derived ? { entries: derived, complete: true } : await listAt(deps, space)
    lastListed.set(space.id, commit)
    const made = new Map(base?.entries.map((entry, i) => [entry, base.json[i]]))
    const json = entries.map((entry) => made.get(entry) ?? JSON.stringify(entry))
    const body = encoder.encode(`[${json.join(',')}]`)
    return {
      value: { version: complete ? commit : undefined, entries, json, body },
      bytes: body.length * 3,
      complete,
    }
  })
}

/**
 * The tree at `to` from the one at `from`: the files changed in between read themselves (a page's
 * title from its text, as the index reads it), the others kept. Undefined when that is not cheaper
 * than listing, or `from` is not in this repository.
 */
async function derive(
  repo: RepoReader,
  base: PreparedTree,
  from: string,
  to: string,
): Promise<TreeEntry[] | undefined> {
  let changes: BlobChange[]
  try {
    changes = (await repo.diff(from, to)).filter((change) => isContentFile(change.path))
  } catch {
    return undefined
  }
  if (changes.length > DERIVED_CHANGES) return undefined
  const byPath = new Map(base.entries.map((entry) => [entry.path, entry]))
  for (const change of changes) {
    const path = relativeToContent(change.path)
    if (change.after === null) {
      byPath.delete(path)
      continue
    }
    const bytes = await repo.readBlob(change.after)
    if (!bytes) return undefined
    const title = kindOf(path) === 'markdown' ? titleOfPage(path, bytes) : null
    byPath.set(path, { path, sha: change.after, size: bytes.length, title })
  }
  return [...byPath.values()].sort(byPathOrder)
}

const byPathOrder = (a: { path: string }, b: { path: string }) =>
  a.path < b.path ? -1 : a.path > b.path ? 1 : 0

/**
 * The files of the space's tip. A page carries the title the search index knows for it, read for
 * the whole space in one query; the few pages changed since the index read them are read
 * themselves, and past that a page goes by what the index last knew, else by its file name, as the
 * index names a page without a title of its own (the listing is then not `complete`).
 */
async function listAt(
  deps: Pick<Deps, 'repos' | 'store'>,
  space: Space,
): Promise<{ entries: TreeEntry[]; complete: boolean }> {
  const repo = deps.repos.open(space.id, space.branch)
  // The index's sizes first: reading 10,000 blobs' sizes from a repository just opened takes seconds.
  const indexed = await deps.store.index.forSpace(space.id).files()
  const sizes = new Map(
    indexed.flatMap((f) => (typeof f.size === 'number' ? [[f.sha, f.size] as const] : [])),
  )
  const listed = await repo.list('content', sizes)
  const known = new Map(indexed.filter((f) => f.kind === 'markdown').map((f) => [f.path, f]))
  const files = listed
    .map((e) => ({ ...e, path: relativeToContent(e.path) }))
    .filter((e) => !isPlaceholder(e.path))
    .sort(byPathOrder)
  const unread = files.filter((e) => kindOf(e.path) === 'markdown' && known.get(e.path)?.sha !== e.sha)
  const fresh = new Map(
    await Promise.all(
      unread.slice(0, FRESH_TITLE_READS).map(async (e) => {
        const bytes = await repo.readBlob(e.sha)
        return [e.path, bytes ? titleOfPage(e.path, bytes) : undefined] as const
      }),
    ),
  )
  const entries = files.map((e): TreeEntry => {
    if (kindOf(e.path) !== 'markdown') return { ...e, title: null }
    return { ...e, title: fresh.get(e.path) || known.get(e.path)?.title || titleFromName(e.path) }
  })
  return { entries, complete: unread.length <= FRESH_TITLE_READS }
}
