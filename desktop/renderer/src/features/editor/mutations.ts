import { useMutation, useQueryClient } from '@tanstack/react-query'
import { spaceKeys } from '../space/queries.ts'
import { deleteFile, moveFile } from './file-api.ts'

/** After a change to files: the space's tree and the changed files are read again. */
export function useRefreshAfterChange(org: string, space: string) {
  const client = useQueryClient()
  return (paths: string[]) =>
    Promise.all([
      client.invalidateQueries({ queryKey: spaceKeys.tree(org, space) }),
      ...paths.map((path) => client.invalidateQueries({ queryKey: spaceKeys.file(org, space, path) })),
    ])
}

/**
 * Deletes a file (one commit) unless it changed since `sha`, the version the person saw (409), or
 * the one `latestSha` reads as the delete is asked (a page the person watches being written live).
 * `onDeleted` leaves its page first, so its view does not ask again for a file that is gone.
 */
export function useDeleteFile(
  org: string,
  space: string,
  path: string,
  sha: string,
  onDeleted: () => void,
  latestSha?: () => Promise<string>,
) {
  const refresh = useRefreshAfterChange(org, space)
  return useMutation({
    mutationFn: async () => deleteFile(org, space, path, (await latestSha?.()) ?? sha),
    onSuccess: () => {
      onDeleted()
      void refresh([path])
    },
  })
}

/**
 * Moves a file to `to`, rewriting the links to it (one commit), once `beforeMove` is done. `onMoved`
 * leaves the old path first, so its view does not ask again for a file that moved; then the moved
 * and rewritten files are read again.
 */
export function useMoveFile(
  org: string,
  space: string,
  from: string,
  onMoved: (to: string) => void,
  beforeMove?: () => Promise<void>,
) {
  const refresh = useRefreshAfterChange(org, space)
  return useMutation({
    mutationFn: async (to: string) => {
      await beforeMove?.()
      return moveFile(org, space, from, to, false)
    },
    onSuccess: (moved) => {
      onMoved(moved.to)
      void refresh([from, moved.to, ...moved.rewritten])
    },
  })
}
