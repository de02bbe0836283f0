import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, encodePath, ok } from '../../app/api.ts'
import { isOfSpace, spaceKeys } from '../space/queries.ts'
import { qualityKeys } from './queries.ts'

/** What a page's verification sets: its owner, its own review interval ('' for the space's), whether verified today. */
export type Verification = { owner?: string; review_every: string; verify: boolean }

/**
 * Sets a page's owner and review interval, and marks it verified; then whatever shows the page (its
 * read, history, related pages), the tree and the health report are read again before `onVerified`.
 */
export function useVerifyPage(org: string, space: string, path: string, onVerified: () => void) {
  const client = useQueryClient()
  const health = qualityKeys.health(org, space)[0]
  const tree = spaceKeys.tree(org, space)[0]
  return useMutation({
    mutationFn: (json: Verification) =>
      ok(
        api.organizations[':org'].spaces[':space'].verify[':path{.+}'].$post({
          param: { org, space, path: encodePath(path) },
          json,
        }),
      ),
    onSuccess: async () => {
      await client.invalidateQueries({
        predicate: ({ queryKey }) =>
          isOfSpace(queryKey, org, space) &&
          (queryKey[3] === path || queryKey[0] === health || queryKey[0] === tree),
      })
      onVerified()
    },
  })
}
