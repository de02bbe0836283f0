import type { OrgRole } from '../../domain/roles.ts'
import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import type { OrgStore } from '../../ports/org-store.ts'
import type { Member } from '../../ports/store.ts'
import { type AccessOrgDeps, accessOrg } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import {
  type CancelInvitationsOfDeps,
  cancelInvitationsOf,
  cancelInvitationsTo,
} from '../invitations/cancel-invitation.ts'
import { type FireEventDeps, fireEvent } from '../webhooks/fire-event.ts'
import { eventWithoutCommit } from '../webhooks/page-events.ts'

export type ListOrgMembersDeps = AccessOrgDeps

/** The members of an organization the caller can see. */
export async function listOrgMembers(
  deps: ListOrgMembersDeps,
  actor: Actor,
  slug: string,
): Promise<Member<OrgRole>[]> {
  return (await accessOrg(deps, actor, slug, 'org.read')).orgStore.members.list()
}

export type SetOrgMemberDeps = AccessOrgDeps & FireEventDeps & CancelInvitationsOfDeps & Pick<Deps, 'store'>

/**
 * Adds a member to an organization or changes their role (admin). An admin made a member loses the
 * invitations they made and that are still pending: an invitation gives only what its inviter may.
 */
export async function setOrgMember(
  deps: SetOrgMemberDeps,
  actor: Actor,
  slug: string,
  username: string,
  role: OrgRole,
): Promise<Member<OrgRole>> {
  const { org, orgStore } = await accessOrg(deps, actor, slug, 'org.members.manage')
  const account = await deps.store.accounts.byUsername(username.toLowerCase())
  if (!account) throw new DomainError('not_found')
  const before = await orgStore.members.roleOf(account.id)
  if (before === 'admin' && role !== 'admin') await keepAnAdmin(orgStore)
  await orgStore.members.set(account.id, role)
  if (before === 'admin' && role !== 'admin') await cancelInvitationsOf(deps, org.id, account)
  // A change of role is not an arrival.
  if (before === null)
    await fireEvent(deps, org.id, 'member.added', {
      ...eventWithoutCommit(actor, org.slug, null),
      member: { username: account.username, role },
    })
  return { accountId: account.id, username: account.username, displayName: account.displayName, role }
}

export type RemoveOrgMemberDeps = AccessOrgDeps &
  FireEventDeps &
  CancelInvitationsOfDeps &
  Pick<Deps, 'store'>

/**
 * Removes a member from an organization and from all its spaces (admin), and cancels the invitations
 * a removed admin made there that are still pending (an invitation gives only what its inviter may),
 * and those still pending to the member's address.
 */
export async function removeOrgMember(
  deps: RemoveOrgMemberDeps,
  actor: Actor,
  slug: string,
  username: string,
): Promise<void> {
  const { org, orgStore } = await accessOrg(deps, actor, slug, 'org.members.manage')
  const account = await deps.store.accounts.byUsername(username.toLowerCase())
  const wasAdmin = account !== undefined && (await orgStore.members.roleOf(account.id)) === 'admin'
  if (wasAdmin) await keepAnAdmin(orgStore)
  if (!account || !(await orgStore.members.remove(account.id))) throw new DomainError('not_found')
  if (wasAdmin) await cancelInvitationsOf(deps, org.id, account)
  // An invitation still pending to the removed person's address would let them back in.
  if (account.email) await cancelInvitationsTo(deps, org.id, account.email)
  await fireEvent(deps, org.id, 'member.removed', {
    ...eventWithoutCommit(actor, org.slug, null),
    member: { username: account.username },
  })
}

/**
 * Refuses to take away an organization's last admin (removed, or made a member): nobody could then
 * manage its members, spaces or settings but the super admin. An organization made without an admin
 * (by the super admin, not joining it) is not concerned until it has one.
 */
async function keepAnAdmin(orgStore: OrgStore): Promise<void> {
  const admins = (await orgStore.members.list()).filter((m) => m.role === 'admin')
  if (admins.length <= 1) throw new DomainError('last_admin')
}
