import { queryOptions, useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { api, ok } from './api.ts'

/** The cache keys of the session: the signed-in account (what is below it is the account's too). */
export const sessionKeys = {
  me: () => ['me'] as const,
}

/** The signed-in account (`GET /me`); a 401 means signed out. */
export const meQuery = queryOptions({
  queryKey: sessionKeys.me(),
  queryFn: () => ok(api.me.$get()),
  staleTime: 60_000,
  retry: false,
})

/** The account of the signed-in person (the app's frame loads it before any screen). */
export function useMe() {
  return useSuspenseQuery(meQuery).data
}

/**
 * Signs in: forgets whatever was cached for someone else, keeps the account just answered, then
 * `onSignedIn` (where to go next).
 */
export function useSignIn(onSignedIn: () => Promise<void> | void) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (credentials: { username: string; password: string }) =>
      ok(api.session.$post({ json: credentials })),
    onSuccess: async (account) => {
      client.clear()
      client.setQueryData(sessionKeys.me(), account)
      await onSignedIn()
    },
  })
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
