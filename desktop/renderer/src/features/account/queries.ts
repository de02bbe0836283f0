import { queryOptions } from '@tanstack/react-query'
import { api, ok } from '../../app/api.ts'

/** The person's active personal tokens, newest first. */
export const tokensQuery = queryOptions({
  queryKey: ['me', 'tokens'],
  queryFn: () => ok(api.me.tokens.$get()),
})

export type Token = Awaited<ReturnType<typeof tokensQuery.queryFn & {}>>[number]
