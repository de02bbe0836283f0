import type { SpaceMemberRole } from '../../../domain/roles.ts'
import { DomainError } from '../../../errors/domain-error.ts'
import type { Deps } from '../../../ports/deps.ts'
import type { Invitation, InvitedSpace, Organization, Space } from '../../../ports/store.ts'

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
 * The open invitation behind a link's secret, with its organization: 404 once it was accepted,
 * cancelled or ran out, and once its organization is gone.
 */
export async function openInvitation(
  deps: OpenInvitationDeps,
  token: string,
): Promise<{ invitation: Invitation; organization: Organization }> {
  const invitation = await deps.store.invitations.byTokenHash(deps.secrets.digest(token), deps.clock.now())
  // The organization store looks organizations up by slug only: an invitation names its own by id.
  const organization =
    invitation && (await deps.store.organizations.list()).find((org) => org.id === invitation.orgId)
  if (!invitation || !organization) throw new DomainError('not_found')
  return { invitation, organization }
}
