import type { Deps } from '../../ports/deps.ts'
import type { Invitation } from '../../ports/store.ts'
import { type AccessOrgDeps, accessOrg } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import { type OfferedSpace, offeredSpaces } from './internal/invitation-offer.ts'

export type { OfferedSpace } from './internal/invitation-offer.ts'

/** A pending invitation as its organization's admins see it: the spaces by slug, the inviter by username. */
export type PendingInvitation = { invitation: Invitation; spaces: OfferedSpace[]; invitedBy: string }

export type ListInvitationsDeps = AccessOrgDeps & Pick<Deps, 'clock' | 'store'>

/** The organization's invitations still waiting for an answer, newest first (admin). */
export async function listInvitations(
  deps: ListInvitationsDeps,
  actor: Actor,
  orgSlug: string,
): Promise<PendingInvitation[]> {
  const { orgStore } = await accessOrg(deps, actor, orgSlug, 'org.members.manage')
  const pending = await deps.store.invitations.listPending(orgStore.orgId, deps.clock.now())
  const spaces = pending.length > 0 ? await orgStore.spaces.list() : []
  const inviters = new Map<number, string>()
  for (const { invitedBy } of pending)
    if (!inviters.has(invitedBy))
      inviters.set(invitedBy, (await deps.store.accounts.byId(invitedBy))?.username ?? '')
  return pending.map((invitation) => ({
    invitation,
    spaces: offeredSpaces(spaces, invitation.spaces),
    invitedBy: inviters.get(invitation.invitedBy) ?? '',
  }))
}
