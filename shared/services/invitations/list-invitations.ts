import type { Deps } from '../../ports/deps.ts'
import type { Invitation } from '../../ports/store.ts'
import { type AccessOrgDeps, accessOrg } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import { type OfferedSpace, offeredSpaces } from './internal/invitation-offer.ts'
import { inviterStillAdmin } from './internal/inviter-authority.ts'

export type { OfferedSpace } from './internal/invitation-offer.ts'

/** A pending invitation as its organization's admins see it: the spaces by slug, the inviter by username. */
export type PendingInvitation = { invitation: Invitation; spaces: OfferedSpace[]; invitedBy: string }

export type ListInvitationsDeps = AccessOrgDeps & Pick<Deps, 'clock' | 'store'>

/**
 * The organization's invitations still waiting for an answer, newest first (admin). Those whose
 * inviter is no longer an admin there are left out: their links no longer work (see
 * inviterStillAdmin), and an inviter removed or made a member has them cancelled, but one
 * deactivated keeps them, to work again if the account comes back.
 */
export async function listInvitations(
  deps: ListInvitationsDeps,
  actor: Actor,
  orgSlug: string,
): Promise<PendingInvitation[]> {
  const { orgStore } = await accessOrg(deps, actor, orgSlug, 'org.members.manage')
  const pending = await deps.store.invitations.listPending(orgStore.orgId, deps.clock.now())
  const spaces = pending.length > 0 ? await orgStore.spaces.list() : []
  // Each inviter's username, or null when they can no longer give what they offered.
  const inviters = new Map<number, string | null>()
  for (const { invitedBy } of pending)
    if (!inviters.has(invitedBy)) {
      const inviter = await deps.store.accounts.byId(invitedBy)
      const holds = await inviterStillAdmin(deps, orgStore.orgId, inviter)
      inviters.set(invitedBy, holds && inviter ? inviter.username : null)
    }
  return pending.flatMap((invitation) => {
    const invitedBy = inviters.get(invitation.invitedBy)
    if (invitedBy == null) return []
    return [{ invitation, spaces: offeredSpaces(spaces, invitation.spaces), invitedBy }]
  })
}
