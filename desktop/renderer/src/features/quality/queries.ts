import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api, ok } from '../../app/api.ts'

/** How many entries each section of the health report lists at most (the counts tell the rest). */
const LIMIT = 200

/** The cache keys of a space's health report (`[kind, org, space, ...]`, as everything of a space). */
export const qualityKeys = {
  /** Every health report of a space, whatever its period. */
  health: (org: string, space: string) => ['health', org, space] as const,
  /** The report over the last `months`. */
  report: (org: string, space: string, months: number) => ['health', org, space, months] as const,
}

/** The wiki health report of a space over the last `months` (the last one shown until it comes). */
export function healthQuery(org: string, space: string, months: number) {
  return queryOptions({
    queryKey: qualityKeys.report(org, space, months),
    queryFn: () =>
      ok(
        api.organizations[':org'].spaces[':space'].health.$get({
          param: { org, space },
          query: { months: String(months), limit: String(LIMIT) },
        }),
      ),
    placeholderData: keepPreviousData,
  })
}
