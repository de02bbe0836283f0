import { queryOptions } from '@tanstack/react-query'
import { api, ok } from '../../app/api.ts'
import { sessionKeys } from '../../app/session.ts'

/** The cache keys of the person's account, under the signed-in account's. */
export const accountKeys = {
  tokens: () => [...sessionKeys.me(), 'tokens'] as const,
}

/** The person's active personal tokens, newest first. */
export const tokensQuery = queryOptions({
  queryKey: accountKeys.tokens(),
  queryFn: () => ok(api.me.tokens.$get()),
})

export type Token = Awaited<ReturnType<typeof tokensQuery.queryFn & {}>>[number]
