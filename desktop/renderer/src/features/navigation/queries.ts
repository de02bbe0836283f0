import { queryOptions } from '@tanstack/react-query'
import type { InferResponseType } from 'hono/client'
import { api, encodePath, ok } from '../../app/api.ts'

/** A page somewhere the person can read, as the switcher and the home screen name it. */
export type PageRef = InferResponseType<typeof api.pages.$get, 200>[number]

/** A page the person opened, with when. */
export type RecentPage = InferResponseType<typeof api.me.recent.$get, 200>[number]

/** A page the person keeps among their favourites, with when it became one. */
export type FavouritePage = InferResponseType<typeof api.me.favourites.$get, 200>[number]

const spaceApi = api.organizations[':org'].spaces[':space']

/**
 * The cache keys of what each person keeps for themselves, and of the page lists that lead around.
 * Backlinks are keyed `[kind, org, space, ...]` as everything of a space.
 */
export const navigationKeys = {
  recent: () => ['me-recent'] as const,
  favourites: () => ['me-favourites'] as const,
  /** The page finder's answer to what was typed. */
  found: (query: string) => ['page-find', query] as const,
  backlinks: (org: string, space: string, path: string) => ['backlinks', org, space, path] as const,
}

/** How many pages the switcher asks the server for. */
export const FOUND_LIMIT = 20

/** The pages the person viewed last, newest first. */
export const recentQuery = queryOptions({
  queryKey: navigationKeys.recent(),
  queryFn: () => ok(api.me.recent.$get({ query: {} })),
})

/** The person's favourite pages. */
export const favouritesQuery = queryOptions({
  queryKey: navigationKeys.favourites(),
  queryFn: () => ok(api.me.favourites.$get()),
})

/**
 * Pages of every readable space whose title or path matches `query`, best first. A request whose
 * answer is no longer wanted (the person typed on) is aborted through the query's signal.
 */
export function foundPagesQuery(query: string) {
  return queryOptions({
    queryKey: navigationKeys.found(query),
    queryFn: ({ signal }) =>
      ok(api.pages.$get({ query: { q: query, limit: String(FOUND_LIMIT) } }, { init: { signal } })),
    // Pages come and go slowly: typing a letter back and forth reuses the answers just had.
    staleTime: 30_000,
  })
}

/** The pages of a space that link to a page. */
export function backlinksQuery(org: string, space: string, path: string) {
  return queryOptions({
    queryKey: navigationKeys.backlinks(org, space, path),
    queryFn: () =>
      ok(spaceApi.backlinks[':path{.+}'].$get({ param: { org, space, path: encodePath(path) } })),
  })
}

/** Records that the person viewed a page. */
export function recordVisit(page: { org: string; space: string; path: string }) {
  return ok(api.me.recent.$post({ json: { org: page.org, space: page.space, path: page.path } }))
}

/** Marks a page as a favourite of the person (`wanted`), or unmarks it. */
export function setFavourite(page: { org: string; space: string; path: string }, wanted: boolean) {
  const param = { org: page.org, space: page.space, path: encodePath(page.path) }
  const one = api.me.favourites[':org'][':space'][':path{.+}']
  return ok(wanted ? one.$put({ param }) : one.$delete({ param }))
}
