import { relativeToContent } from '../../domain/content-path.ts'
import { kindOf } from '../../domain/file-kinds.ts'
import type { Deps } from '../../ports/deps.ts'
import type { Space } from '../../ports/store.ts'
import { type AccessSpaceDeps, accessSpace } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import { titleFromName, titleOfPage } from '../pages/page-titles.ts'
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

/** Placeholder files that keep empty folders in Git; not shown as content. */
const isPlaceholder = (path: string) => path.endsWith('/.gitkeep') || path === '.gitkeep'

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

const encoder = new TextEncoder()
const EMPTY: PreparedTree = { version: undefined, entries: [], json: [], body: encoder.encode('[]') }

/**
 * Every file under `content/` at the branch tip (path relative to it, size, blob id, a page's title),
 * for a reader of the space. Listed once per commit and kept: the permission check and the tip are
 * read on each call, the listing only when the tip is new to this process.
 */
export async function spaceTree(deps: SpaceTreeDeps, actor: Actor, ref: SpaceRef): Promise<PreparedTree> {
  const { space } = await accessSpace(deps, actor, ref.org, ref.space, 'space.read')
  const repo = deps.repos.open(space.id, space.branch)
  const commit = await repo.head()
  if (!commit) return EMPTY
  return kept.get(commit, async () => {
    const { entries, complete } = await listAt(deps, space)
    const json = entries.map((entry) => JSON.stringify(entry))
    const body = encoder.encode(`[${json.join(',')}]`)
    return {
      value: { version: complete ? commit : undefined, entries, json, body },
      bytes: body.length * 3,
      complete,
    }
  })
}

/**
 * The files of the space's tip. A page carries the title the search index knows for it, read for
 * the whole space in one query; the few pages changed since the index read them are read
 * themselves, and past that a page goes by what the index last knew, else by its file name, as the
 * index names a page without a title of its own (the listing is then not `complete`).
 */
async function listAt(
  deps: SpaceTreeDeps,
  space: Space,
): Promise<{ entries: TreeEntry[]; complete: boolean }> {
  const repo = deps.repos.open(space.id, space.branch)
  const [listed, indexed] = await Promise.all([
    repo.list('content'),
    deps.store.index.forSpace(space.id).files(),
  ])
  const known = new Map(indexed.filter((f) => f.kind === 'markdown').map((f) => [f.path, f]))
  const files = listed
    .map((e) => ({ ...e, path: relativeToContent(e.path) }))
    .filter((e) => !isPlaceholder(e.path))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
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
