import type { Deps } from '../../ports/deps.ts'
import { type MatchablePage, matchable } from './page-match.ts'

/** A space's pages as the switcher matches them, for the index commit they were read at. */
type Catalog = { commit: string | null; pages: Promise<MatchablePage[]> }

/**
 * Per store, each space's pages with their folded forms: the switcher answers every keystroke, and
 * reading and folding ten thousand titles each time would cost more than the match itself. A
 * catalog stands for one commit of the space's index; once the index reads a newer one, the next
 * request reads the titles again.
 */
const catalogs = new WeakMap<object, Map<number, Catalog>>()

export type SpacePagesDeps = Pick<Deps, 'store'>

/** The Markdown pages of a space the caller was allowed to read, with their titles as the index knows them. */
export async function spacePages(deps: SpacePagesDeps, spaceId: number): Promise<MatchablePage[]> {
  const bySpace = catalogs.get(deps.store) ?? new Map<number, Catalog>()
  catalogs.set(deps.store, bySpace)
  const index = deps.store.index.forSpace(spaceId)
  // The state first: titles read after it are at least as new, so a catalog is never older than its key.
  const { commit } = await index.state()
  const kept = bySpace.get(spaceId)
  if (kept && kept.commit === commit) return kept.pages
  const pages = index
    .files()
    .then((files) => files.filter((f) => f.kind === 'markdown').map((f) => matchable(f.path, f.title)))
  const catalog = { commit, pages }
  bySpace.set(spaceId, catalog)
  // A failed read is not kept: the next request tries again.
  pages.catch(() => {
    if (bySpace.get(spaceId) === catalog) bySpace.delete(spaceId)
  })
  return pages
}
