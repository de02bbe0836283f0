import type { SpaceMemberRole } from '../../../domain/roles.ts'
import { DomainError } from '../../../errors/domain-error.ts'
import type { Deps } from '../../../ports/deps.ts'
import type { Account, Invitation, InvitedSpace, Organization, Space } from '../../../ports/store.ts'
import { inviterStillAdmin } from './inviter-authority.ts'

/** A space an invitation offers, named as it is now, with the role offered on it. */
export type OfferedSpace = { slug: string; name: string; role: SpaceMemberRole }

/** The offered spaces among the organization's `existing` ones, in the invitation's order (a space deleted since is gone from it). */
export function offeredSpaces(existing: Space[], spaces: InvitedSpace[]): OfferedSpace[] {
  const byId = new Map(existing.map((space) => [space.id, space]))
  return spaces.flatMap(({ spaceId, role }) => {
    const space = byId.get(spaceId)
    return space ? [{ slug: space.slug, name: space.name, role }] : []
  })
}

export type OpenInvitationDeps = Pick<Deps, 'clock' | 'secrets' | 'store'>

/**
 * An open invitation with its organization and inviter, and whether its secret was the mailed link's
 * (`mailed`: the holder read mail at the invited address) or the one shown to the inviter (who may
 * have kept it). 404 once it was accepted, cancelled or ran out, once its organization is gone, and
 * once its inviter is no longer an admin there (see inviterStillAdmin): the same answer, so that
 * whoever holds the link learns only that it no longer works.
 */
export type OpenedInvitation = {
  invitation: Invitation
  organization: Organization
  inviter: Account
  mailed: boolean
}

/** The open invitation behind either of its links' secrets: see OpenedInvitation. */
export async function openInvitation(deps: OpenInvitationDeps, token: string): Promise<OpenedInvitation> {
  const digest = deps.secrets.digest(token)
  const invitation = await deps.store.invitations.byTokenHash(digest, deps.clock.now())
  if (!invitation) throw new DomainError('not_found')
  // The organization store looks organizations up by slug only: an invitation names its own by id.
  const organization = (await deps.store.organizations.list()).find((org) => org.id === invitation.orgId)
  const inviter = await deps.store.accounts.byId(invitation.invitedBy)
  if (!organization || !inviter || !(await inviterStillAdmin(deps, organization.id, inviter)))
    throw new DomainError('not_found')
  return { invitation, organization, inviter, mailed: invitation.mailTokenHash === digest }
}
