import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import {
  type FavouritePage,
  favouritesQuery,
  navigationKeys,
  type PageRef,
  type RecentPage,
  recordVisit,
  setFavourite,
} from './queries.ts'
import { pageKey } from './switcher-results.ts'

/** How many viewed pages the cache keeps in front before the server's list comes back. */
const KEPT_RECENT = 50

/**
 * Records that the person viewed a page, once per page shown (not on each drawing of it), without
 * waiting for the answer. The list of viewed pages is updated in the cache at once, then marked stale,
 * and read again if a screen shows it: one read before the record reached the server (the cache held
 * no list yet) would lack the page.
 */
export function useRecordView(page: PageRef | undefined): void {
  const client = useQueryClient()
  const recorded = useRef('')
  const key = page ? pageKey(page) : ''
  // biome-ignore lint/correctness/useExhaustiveDependencies: one record per page, keyed by its place.
  useEffect(() => {
    if (!page || recorded.current === key) return
    recorded.current = key
    client.setQueryData<RecentPage[]>(navigationKeys.recent(), (list) =>
      list
        ? [{ ...page, viewed_at: new Date().toISOString() }, ...list.filter((p) => pageKey(p) !== key)].slice(
            0,
            KEPT_RECENT,
          )
        : list,
    )
    recordVisit(page)
      .then(async () => {
        // A read of the list still under way began before the record reached the server. Asked
        // again, a first read is joined rather than started anew (it has no answer to keep yet),
        // and the list would lack this page until the next visit: that read is cancelled first.
        const queryKey = navigationKeys.recent()
        await client.cancelQueries({ queryKey })
        await client.invalidateQueries({ queryKey })
      })
      .catch(() => undefined)
  }, [key])
}

/**
 * Whether a page is among the person's favourites, and a toggle that shows the change at once (on
 * the page and on the home screen), puts it back if the server refuses, and then asks again.
 */
export function useFavourite(page: PageRef) {
  const client = useQueryClient()
  const favourites = useQuery(favouritesQuery)
  const key = pageKey(page)
  const queryKey = navigationKeys.favourites()
  const isFavourite = favourites.data?.some((p) => pageKey(p) === key) ?? false
  const toggle = useMutation({
    mutationFn: (wanted: boolean) => setFavourite(page, wanted),
    onMutate: async (wanted) => {
      await client.cancelQueries({ queryKey })
      const before = client.getQueryData<FavouritePage[]>(queryKey)
      const others = (before ?? []).filter((p) => pageKey(p) !== key)
      const added = { ...page, added_at: new Date().toISOString() }
      client.setQueryData<FavouritePage[]>(queryKey, wanted ? [added, ...others] : others)
      return { before }
    },
    onError: (_error, _wanted, context) => client.setQueryData(queryKey, context?.before),
    onSettled: () => client.invalidateQueries({ queryKey }),
  })
  return { isFavourite, toggle: () => toggle.mutate(!isFavourite), error: toggle.error }
}
