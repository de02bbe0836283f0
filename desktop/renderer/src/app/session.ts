import { queryOptions, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { api, ok } from './api.ts'

/** The signed-in account (`GET /me`); a 401 means signed out. */
export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: () => ok(api.me.$get()),
  staleTime: 60_000,
  retry: false,
})

/** The account of the signed-in person (the app's frame loads it before any screen). */
export function useMe() {
  return useSuspenseQuery(meQuery).data
}

/** Signs out: ends the session, forgets everything cached, back to the sign-in screen. */
export function useSignOut() {
  const client = useQueryClient()
  const navigate = useNavigate()
  return async () => {
    await ok(api.session.$delete()).catch(() => undefined)
    client.clear()
    await navigate({ to: '/sign-in' })
  }
}
