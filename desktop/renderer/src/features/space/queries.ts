import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import { api, ok } from '../../app/api.ts'

/** A space's details, with the caller's role (`admin`, `contributor` or `reader`). */
export function spaceQuery(org: string, space: string) {
  return queryOptions({
    queryKey: ['space', org, space],
    queryFn: () => ok(api.organizations[':org'].spaces[':space'].$get({ param: { org, space } })),
  })
}

/** Every file of a space: path, size, sha (shared by the tree, wiki links and pickers). */
export function treeQuery(org: string, space: string) {
  return queryOptions({
    queryKey: ['tree', org, space],
    queryFn: () => ok(api.organizations[':org'].spaces[':space'].tree.$get({ param: { org, space } })),
  })
}

/** The open space's `org` and `space` from the address. */
export function useSpaceParams(): { org: string; space: string } {
  const { org, space } = useParams({ strict: false }) as { org?: string; space?: string }
  return { org: org ?? '', space: space ?? '' }
}

/** The open space and what the person may do in it. */
export function useSpace() {
  const { org, space } = useSpaceParams()
  const details = useSuspenseQuery(spaceQuery(org, space)).data
  return {
    org,
    space,
    details,
    canWrite: details.role === 'admin' || details.role === 'contributor',
    isAdmin: details.role === 'admin',
  }
}
