import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import type { Account } from '../../ports/store.ts'
import { type AccessOrgDeps, accessOrg } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import { inviterStillAdmin } from './internal/inviter-authority.ts'

export type CancelInvitationDeps = AccessOrgDeps & Pick<Deps, 'clock' | 'store'>

/** Cancels a pending invitation (admin): its link answers 404 from now on; 404 when none is pending by that id. */
export async function cancelInvitation(
  deps: CancelInvitationDeps,
  actor: Actor,
  orgSlug: string,
  id: string,
): Promise<void> {
  const { orgStore } = await accessOrg(deps, actor, orgSlug, 'org.members.manage')
  if (!(await deps.store.invitations.cancel(orgStore.orgId, id, deps.clock.now())))
    throw new DomainError('not_found')
}

export type CancelInvitationsOfDeps = Pick<Deps, 'clock' | 'store'>

/**
 * Cancels the pending invitations an account made in an organization, once it is no longer an admin
 * there (removed, or made a member): they could no longer be accepted (see inviterStillAdmin), and
 * the admins' list should not offer them. Nothing is cancelled while the account still holds the
 * authority another way (a super admin administers every organization). Made an admin again, the
 * account does not get them back: its authority was taken away in between.
 */
export async function cancelInvitationsOf(
  deps: CancelInvitationsOfDeps,
  orgId: number,
  account: Account,
): Promise<void> {
  if (await inviterStillAdmin(deps, orgId, account)) return
  const now = deps.clock.now()
  for (const invitation of await deps.store.invitations.listPending(orgId, now))
    if (invitation.invitedBy === account.id) await deps.store.invitations.cancel(orgId, invitation.id, now)
}

/**
 * Cancels the pending invitations to an address in an organization, but `keep`, and (with
 * `offering`) only those offering that space: a newer invitation replaces the older ones, one
 * accepted leaves none to use again, and a member removed from the organization or a space cannot
 * come back through an invitation still pending to their address.
 */
export async function cancelInvitationsTo(
  deps: CancelInvitationsOfDeps,
  orgId: number,
  email: string,
  { keep, offering }: { keep?: string; offering?: number } = {},
): Promise<void> {
  const wanted = email.trim().toLowerCase()
  if (wanted === '') return
  const now = deps.clock.now()
  for (const invitation of await deps.store.invitations.listPending(orgId, now)) {
    if (invitation.id === keep || invitation.email.toLowerCase() !== wanted) continue
    if (offering !== undefined && !invitation.spaces.some((s) => s.spaceId === offering)) continue
    await deps.store.invitations.cancel(orgId, invitation.id, now)
  }
}
