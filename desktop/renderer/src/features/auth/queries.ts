import { queryOptions } from '@tanstack/react-query'
import { api, ok } from '../../app/api.ts'

/** The cache keys of signing in and of the mailed links, which need no account. */
export const authKeys = {
  providers: () => ['sign-in-providers'] as const,
  reset: (token: string) => ['password-reset', token] as const,
}

/** The single sign-on providers a person may sign in through (public). */
export const signInProvidersQuery = queryOptions({
  queryKey: authKeys.providers(),
  queryFn: () => ok(api.session.providers.$get()),
  staleTime: 5 * 60_000,
  retry: false,
})

/**
 * Whether a password reset link can still be used (it answers 404 once used or expired). Read once:
 * after the reset the link no longer works, and the page says what happened instead.
 */
export function passwordResetQuery(token: string) {
  return queryOptions({
    queryKey: authKeys.reset(token),
    // 204 when usable: the query keeps `true` (a query may not hold undefined).
    queryFn: async () => {
      await ok(api['password-resets'][':token'].$get({ param: { token } }))
      return true
    },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  })
}
