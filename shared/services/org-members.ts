import type { OrgRole } from '../domain/roles.ts'
import { DomainError } from '../errors/domain-error.ts'
import type { Member } from '../ports/store.ts'
import { accessOrg } from './access.ts'
import type { Actor } from './actor.ts'
import type { Deps } from './deps.ts'

/** The members of an organization the caller can see. */
export function listOrgMembers(deps: Deps, actor: Actor, slug: string): Member<OrgRole>[] {
  return accessOrg(deps, actor, slug, 'org.read').orgStore.members()
}

/** Adds a member to an organization or changes their role (admin). */
export function setOrgMember(
  deps: Deps,
  actor: Actor,
  slug: string,
  username: string,
  role: OrgRole,
): Member<OrgRole> {
  const { orgStore } = accessOrg(deps, actor, slug, 'org.members.manage')
  const account = deps.store.accounts.byUsername(username.toLowerCase())
  if (!account) throw new DomainError('not_found')
  orgStore.setMember(account.id, role)
  return { accountId: account.id, username: account.username, displayName: account.displayName, role }
}

/** Removes a member from an organization and from all its spaces (admin). */
export function removeOrgMember(deps: Deps, actor: Actor, slug: string, username: string): void {
  const { orgStore } = accessOrg(deps, actor, slug, 'org.members.manage')
  const account = deps.store.accounts.byUsername(username.toLowerCase())
  if (!account || !orgStore.removeMember(account.id)) throw new DomainError('not_found')
}
