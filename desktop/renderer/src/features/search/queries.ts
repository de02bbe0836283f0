import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api, ok } from '../../app/api.ts'
import type { SearchParams } from '../../app/router.tsx'

/** The pending-note count stops here (the server counts no further). */
export const PENDING_COUNT_MAX = 20

/** What a search asks: the words (or pattern) and its filters, as kept in the address. */
export type SearchRequest = { q: string; spaces: string[]; mode: 'auto' | 'text'; regex: boolean }

/** The cache keys of searches. */
export const searchKeys = {
  /** Every search (what a change of the pages or the inbox may make out of date). */
  all: () => ['search'] as const,
  pages: (request: SearchRequest) => ['search', 'pages', request] as const,
  pending: (q: string, spaces: string[]) => ['search', 'pending', q, spaces] as const,
}

/** The address's search parameters with their defaults. */
export function searchRequest(params: SearchParams): SearchRequest {
  return {
    q: params.q?.trim() ?? '',
    spaces: params.spaces ?? [],
    mode: params.mode ?? 'auto',
    regex: params.regex === true,
  }
}

async function fetchResults(request: SearchRequest) {
  const res = await api.search.$get({
    query: {
      q: request.q,
      ...(request.spaces.length ? { spaces: request.spaces } : {}),
      mode: request.mode,
      ...(request.regex ? { regex: 'true' as const } : {}),
    },
  })
  const results = await ok(Promise.resolve(res))
  return { results, pendingCount: Number(res.headers.get('x-pending-count') ?? 0) }
}

export type SearchResult = Awaited<ReturnType<typeof fetchResults>>['results'][number]

/** Pages matching the request, best first, and how many pending notes hold all its words. */
export function searchQuery(request: SearchRequest) {
  return queryOptions({
    queryKey: searchKeys.pages(request),
    queryFn: () => fetchResults(request),
    enabled: request.q !== '',
    placeholderData: keepPreviousData,
  })
}

/** Pending notes holding every word of the request, newest first. */
export function pendingQuery(request: SearchRequest, enabled: boolean) {
  return queryOptions({
    queryKey: searchKeys.pending(request.q, request.spaces),
    queryFn: () =>
      ok(
        api.search.pending.$get({
          query: { q: request.q, ...(request.spaces.length ? { spaces: request.spaces } : {}) },
        }),
      ),
    enabled: enabled && request.q !== '',
  })
}
