import { queryOptions } from '@tanstack/react-query'
import { api, ok } from '../../app/api.ts'
import { organizationKeys } from '../organization/queries.ts'

/** The cache keys of invitations: an organization's are under its key, so they go with it. */
export const invitationKeys = {
  /** The invitations of an organization still waiting for an answer. */
  pending: (org: string) => [...organizationKeys.details(org), 'invitations'] as const,
  /** The invitation behind a link, as its page shows it. */
  link: (token: string) => ['invitation', token] as const,
}

/** The organization's pending invitations (its admins'). */
export function pendingInvitationsQuery(org: string) {
  return queryOptions({
    queryKey: invitationKeys.pending(org),
    queryFn: () => ok(api.organizations[':org'].invitations.$get({ param: { org } })),
  })
}

/** What a link invites to; a 404 (accepted, cancelled or expired) is an answer, not worth a retry. */
export function invitationQuery(token: string) {
  return queryOptions({
    queryKey: invitationKeys.link(token),
    queryFn: () => ok(api.invitations[':token'].$get({ param: { token } })),
    retry: false,
  })
}

export type PendingInvitation = Awaited<
  ReturnType<ReturnType<typeof pendingInvitationsQuery>['queryFn'] & {}>
>[number]
export type InvitationOffer = Awaited<ReturnType<ReturnType<typeof invitationQuery>['queryFn'] & {}>>
