import { queryOptions } from '@tanstack/react-query'
import { api, ok } from '../../app/api.ts'

/** An organization's details with the caller's role (404 when the caller cannot see it). */
export function organizationQuery(org: string) {
  return queryOptions({
    queryKey: ['organization', org],
    queryFn: () => ok(api.organizations[':org'].$get({ param: { org } })),
    retry: false,
  })
}

/** The members of an organization. */
export function membersQuery(org: string) {
  return queryOptions({
    queryKey: ['organization', org, 'members'],
    queryFn: () => ok(api.organizations[':org'].members.$get({ param: { org } })),
  })
}

/** The spaces of an organization the caller can read (every one, for its admins). */
export function orgSpacesQuery(org: string) {
  return queryOptions({
    queryKey: ['organization', org, 'spaces'],
    queryFn: () => ok(api.organizations[':org'].spaces.$get({ param: { org } })),
  })
}

/** The organization's AI settings, or null when none is set. */
export function aiQuery(org: string) {
  return queryOptions({
    queryKey: ['organization', org, 'ai'],
    queryFn: () => ok(api.organizations[':org'].ai.$get({ param: { org } })),
  })
}

/** The organization's embeddings provider, or null for the built-in model. */
export function embeddingsQuery(org: string) {
  return queryOptions({
    queryKey: ['organization', org, 'embeddings'],
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
