import type { Actor } from '../access/actor.ts'
import { type ListVisibleSpacesDeps, listVisibleSpaces, type SpaceView } from '../spaces/list-spaces.ts'
import { type SpacePagesDeps, spacePages } from './page-catalog.ts'
import {
  bestOf,
  compareTies,
  compareTitles,
  type MatchablePage,
  type PreparedQuery,
  prepareQuery,
  type Rank,
  rankOf,
} from './page-match.ts'

/** How many pages the switcher lists when not told; at most PAGES_LIMIT_MAX. */
export const PAGES_LIMIT_DEFAULT = 20
export const PAGES_LIMIT_MAX = 50

export type FoundPage = { org: string; space: string; spaceName: string; path: string; title: string }

export type FindPagesDeps = ListVisibleSpacesDeps & SpacePagesDeps

/** A page of a readable space, with how well it matched. */
type Candidate = { view: SpaceView; page: MatchablePage; rank: Rank }

/** Two candidates of pages with the same title and path: by organization, then space. */
function bySpace(a: Candidate, b: Candidate): number {
  const left = `${a.view.organization.slug}/${a.view.space.slug}`
  const right = `${b.view.organization.slug}/${b.view.space.slug}`
  return left < right ? -1 : left > right ? 1 : 0
}

/** Every page of these spaces that matches, with its rank (every page, at one rank, for no words). */
function* candidates(
  views: SpaceView[],
  catalogs: MatchablePage[][],
  query: PreparedQuery,
): Generator<Candidate> {
  for (const [i, view] of views.entries())
    for (const page of catalogs[i] ?? []) {
      const rank = query.words.length === 0 ? 0 : rankOf(page, query)
      if (rank !== undefined) yield { view, page, rank }
    }
}

/**
 * The quick switcher's pages: over every space the caller can read (the super admin: all), those
 * whose title or path matches `q`, best first (see page-match); with no words in `q`, the first by
 * title. Titles come from the search index, kept in memory per space between requests.
 */
export async function findPages(
  deps: FindPagesDeps,
  actor: Actor,
  input: { q: string; limit?: number },
): Promise<FoundPage[]> {
  const limit = Math.min(Math.max(input.limit ?? PAGES_LIMIT_DEFAULT, 1), PAGES_LIMIT_MAX)
  const views = await listVisibleSpaces(deps, actor)
  const catalogs = await Promise.all(views.map((view) => spacePages(deps, view.space.id)))
  const query = prepareQuery(input.q)
  const order =
    query.words.length === 0
      ? (a: Candidate, b: Candidate) => compareTitles(a.page, b.page) || bySpace(a, b)
      : (a: Candidate, b: Candidate) => a.rank - b.rank || compareTies(a.page, b.page) || bySpace(a, b)
  return bestOf(candidates(views, catalogs, query), limit, order).map(({ view, page }) => ({
    org: view.organization.slug,
    space: view.space.slug,
    spaceName: view.space.name,
    path: page.path,
    title: page.title,
  }))
}
