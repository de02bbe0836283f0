import type { Deps } from '../../../ports/deps.ts'
import type { Account } from '../../../ports/store.ts'

export type InviterAuthorityDeps = Pick<Deps, 'store'>

/**
 * Whether the account that made an invitation may still give what it offers. An invitation grants
 * only the authority its inviter still holds: the link outlives the moment it was made, and an admin
 * since removed from the organization, made a member, or deactivated (or whose account is gone,
 * `undefined`) must not get back in, or let anyone in, through a link kept from before. A super
 * admin administers every organization, as the policy has it, member or not.
 */
export async function inviterStillAdmin(
  deps: InviterAuthorityDeps,
  orgId: number,
  inviter: Account | undefined,
): Promise<boolean> {
  if (!inviter?.isActive) return false
  if (inviter.isSuperadmin) return true
  return (await deps.store.forOrg(orgId).members.roleOf(inviter.id)) === 'admin'
}
