import { queryOptions } from '@tanstack/react-query'
import { api, ok } from '../../app/api.ts'

/** The key of an organization's details, which the keys of everything else of it start with. */
const organizationKey = (org: string) => ['organization', org] as const

/** The cache keys of organizations. */
export const organizationKeys = {
  /** The organizations the person sees. */
  list: () => ['organizations'] as const,
  details: organizationKey,
  members: (org: string) => [...organizationKey(org), 'members'] as const,
  spaces: (org: string) => [...organizationKey(org), 'spaces'] as const,
  ai: (org: string) => [...organizationKey(org), 'ai'] as const,
  embeddings: (org: string) => [...organizationKey(org), 'embeddings'] as const,
}

/** The organizations the caller sees (all of them, for the super admin). */
export const organizationsQuery = queryOptions({
  queryKey: organizationKeys.list(),
  queryFn: () => ok(api.organizations.$get()),
})

/** An organization's details with the caller's role (404 when the caller cannot see it). */
export function organizationQuery(org: string) {
  return queryOptions({
    queryKey: organizationKeys.details(org),
    queryFn: () => ok(api.organizations[':org'].$get({ param: { org } })),
    retry: false,
  })
}

/** The members of an organization. */
export function membersQuery(org: string) {
  return queryOptions({
    queryKey: organizationKeys.members(org),
    queryFn: () => ok(api.organizations[':org'].members.$get({ param: { org } })),
  })
}

/** The spaces of an organization the caller can read (every one, for its admins). */
export function orgSpacesQuery(org: string) {
  return queryOptions({
    queryKey: organizationKeys.spaces(org),
    queryFn: () => ok(api.organizations[':org'].spaces.$get({ param: { org } })),
  })
}

/** The organization's AI settings, or null when none is set. */
export function aiQuery(org: string) {
  return queryOptions({
    queryKey: organizationKeys.ai(org),
    queryFn: () => ok(api.organizations[':org'].ai.$get({ param: { org } })),
  })
}

/** The organization's embeddings provider, or null for the built-in model. */
export function embeddingsQuery(org: string) {
  return queryOptions({
    queryKey: organizationKeys.embeddings(org),
    queryFn: () => ok(api.organizations[':org'].embeddings.$get({ param: { org } })),
  })
}

export type AiSettings = NonNullable<Awaited<ReturnType<ReturnType<typeof aiQuery>['queryFn'] & {}>>>
export type EmbeddingSettings = NonNullable<
  Awaited<ReturnType<ReturnType<typeof embeddingsQuery>['queryFn'] & {}>>
>

/** A number field's text as a number, or null when it is empty. */
export function numberOrNull(text: string): number | null {
  const trimmed = text.trim().replace(',', '.')
  if (trimmed === '') return null
  const value = Number(trimmed)
  return Number.isFinite(value) ? value : null
}
