import type { OrgRole } from '../../domain/roles.ts'
import type { Organization } from '../../ports/store.ts'
import {
  type OfferedSpace,
  type OpenInvitationDeps,
  offeredSpaces,
  openInvitation,
} from './internal/invitation-offer.ts'

/** What a link offers, as the person holding it sees it before answering. */
export type InvitationOffer = {
  organization: Pick<Organization, 'slug' | 'name'>
  /** The inviter's display name (their username when they have none). */
  invitedBy: string
  email: string
  orgRole: OrgRole
  spaces: OfferedSpace[]
  expiresAt: number
}

export type GetInvitationDeps = OpenInvitationDeps

/**
 * The invitation behind a link, the mailed one or the one shown to the inviter, for anyone holding
 * it (the link is the credential): 404 once it was accepted, cancelled or ran out, or once its
 * inviter is no longer an admin of the organization (accepting it would then fail).
 */
export async function getInvitation(deps: GetInvitationDeps, token: string): Promise<InvitationOffer> {
  const { invitation, organization, inviter } = await openInvitation(deps, token)
  const spaces = await deps.store.forOrg(organization.id).spaces.list()
  return {
    organization: { slug: organization.slug, name: organization.name },
    invitedBy: inviter.displayName || inviter.username,
    email: invitation.email,
    orgRole: invitation.orgRole,
    spaces: offeredSpaces(spaces, invitation.spaces),
    expiresAt: invitation.expiresAt,
  }
}
