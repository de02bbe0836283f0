import type { SpaceMemberRole } from '../../domain/roles.ts'
import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import type { Member } from '../../ports/store.ts'
import { type AccessSpaceDeps, accessSpace } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import { type CancelInvitationsOfDeps, cancelInvitationsTo } from '../invitations/cancel-invitation.ts'
import { type FireEventDeps, fireEvent } from '../webhooks/fire-event.ts'
import { eventWithoutCommit } from '../webhooks/page-events.ts'

export type ListSpaceMembersDeps = AccessSpaceDeps

/** The members of a space the caller can read. */
export async function listSpaceMembers(
  deps: ListSpaceMembersDeps,
  actor: Actor,
  orgSlug: string,
  spaceSlug: string,
): Promise<Member<SpaceMemberRole>[]> {
  const { space, orgStore } = await accessSpace(deps, actor, orgSlug, spaceSlug, 'space.read')
  return await orgStore.space(space.id).members.list()
}

export type SetSpaceMemberDeps = AccessSpaceDeps & FireEventDeps & Pick<Deps, 'store'>

/**
 * Adds a member to a space or changes their role (organization admin). Someone who is not yet in
 * the organization joins it as a member, so they can see the organization the space belongs to.
 */
export async function setSpaceMember(
  deps: SetSpaceMemberDeps,
  actor: Actor,
  orgSlug: string,
  spaceSlug: string,
  username: string,
  role: SpaceMemberRole,
): Promise<Member<SpaceMemberRole>> {
  const { org, space, orgStore } = await accessSpace(deps, actor, orgSlug, spaceSlug, 'space.admin')
  const account = await deps.store.accounts.byUsername(username.toLowerCase())
  if (!account) throw new DomainError('not_found')
  const before = await orgStore.space(space.id).members.roleOf(account.id)
  await orgStore.space(space.id).members.set(account.id, role)
  // A change of role is not an arrival.
  if (before === null)
    await fireEvent(deps, org.id, 'member.added', {
      ...eventWithoutCommit(actor, org.slug, space.slug),
      member: { username: account.username, role },
    })
  return { accountId: account.id, username: account.username, displayName: account.displayName, role }
}

export type RemoveSpaceMemberDeps = AccessSpaceDeps &
  FireEventDeps &
  CancelInvitationsOfDeps &
  Pick<Deps, 'store'>

/**
 * Removes a member from a space (organization admin), and cancels the invitations still pending to
 * their address that offer that space: they would bring the person back into it.
 */
export async function removeSpaceMember(
  deps: RemoveSpaceMemberDeps,
  actor: Actor,
  orgSlug: string,
  spaceSlug: string,
  username: string,
): Promise<void> {
  const { org, space, orgStore } = await accessSpace(deps, actor, orgSlug, spaceSlug, 'space.admin')
  const account = await deps.store.accounts.byUsername(username.toLowerCase())
  if (!account || !(await orgStore.space(space.id).members.remove(account.id)))
    throw new DomainError('not_found')
  if (account.email) await cancelInvitationsTo(deps, org.id, account.email, { offering: space.id })
  await fireEvent(deps, org.id, 'member.removed', {
    ...eventWithoutCommit(actor, org.slug, space.slug),
    member: { username: account.username },
  })
}
