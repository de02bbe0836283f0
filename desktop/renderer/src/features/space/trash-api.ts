import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { InferResponseType } from 'hono/client'
import { api, ok } from '../../app/api.ts'
import { spaceKeys } from './queries.ts'

const trashApi = api.organizations[':org'].spaces[':space'].trash

/** A page deleted in the last 30 days: its title at its last version, who deleted it, when, in which commit. */
export type TrashEntry = InferResponseType<typeof trashApi.$get, 200>[number]

/** The cache key of a space's trash (`[kind, org, space]`, as everything of a space). */
export const trashKey = (org: string, space: string) => ['trash', org, space] as const

/** The pages of a space deleted in the last 30 days, newest first. */
export function trashQuery(org: string, space: string) {
  return queryOptions({
    queryKey: trashKey(org, space),
    queryFn: () => ok(trashApi.$get({ param: { org, space } })),
  })
}

/**
 * Restores a deleted page from its last version, one commit in the person's name (409 when a file is
 * at its path now); the trash, the tree and whatever was read of the page are read again.
 */
export function useRestorePage(org: string, space: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (path: string) => ok(trashApi.restore.$post({ param: { org, space }, json: { path } })),
    // Read again in the background: the restored page opens on the answer, not after the trash list.
    onSuccess: (restored) =>
      void Promise.all([
        client.invalidateQueries({ queryKey: trashKey(org, space) }),
        client.invalidateQueries({ queryKey: spaceKeys.tree(org, space) }),
        client.invalidateQueries({ queryKey: spaceKeys.file(org, space, restored.path) }),
        client.invalidateQueries({ queryKey: spaceKeys.history(org, space, restored.path) }),
      ]),
  })
}
