import type { z } from '@hono/zod-openapi'
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import type { CommitSchema, FileSchema } from '#shared/api/schemas-content.ts'
import type { RelatedSchema } from '#shared/api/schemas-search.ts'
import { api, encodePath, ok, request, spaceUrl } from '../../app/api.ts'

/** A file as the API reads it: kind, sha, text (or extracted text), freshness for a page. */
export type FileRead = z.infer<typeof FileSchema>
/** A commit that touched a file. */
export type Commit = z.infer<typeof CommitSchema>
/** A page related to another, with the reason in plain words. */
export type RelatedPage = z.infer<typeof RelatedSchema>

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

/** A file of a space, at the tip or, with `ref`, as it was at a commit of its history. */
export function fileQuery(org: string, space: string, path: string, ref?: string) {
  const query = ref ? `?ref=${encodeURIComponent(ref)}` : ''
  return queryOptions({
    queryKey: ref ? ['file', org, space, path, ref] : ['file', org, space, path],
    queryFn: () => request<FileRead>('GET', `${spaceUrl(org, space)}/files/${encodePath(path)}${query}`),
    // A version at a commit never changes.
    staleTime: ref ? Number.POSITIVE_INFINITY : undefined,
  })
}

/** The commits that touched a file, newest first. */
export function historyQuery(org: string, space: string, path: string) {
  return queryOptions({
    queryKey: ['history', org, space, path],
    queryFn: () =>
      request<Commit[]>('GET', `${spaceUrl(org, space)}/history/${encodePath(path)}?limit=${HISTORY_LIMIT}`),
  })
}

/** How many commits the history screen lists. */
export const HISTORY_LIMIT = 100

/** Pages related to a page, best first. */
export function relatedQuery(org: string, space: string, path: string) {
  return queryOptions({
    queryKey: ['related', org, space, path],
    queryFn: () => request<RelatedPage[]>('GET', `${spaceUrl(org, space)}/files/${encodePath(path)}/related`),
  })
}

/** The open file's path: the splat of `/page/$`, `/history/$` or `/edit/$` ('' elsewhere). */
export function useFilePath(): string {
  const { _splat } = useParams({ strict: false }) as { _splat?: string }
  return _splat ?? ''
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
