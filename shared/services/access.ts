import {
  type Action,
  type Decision,
  decide,
  effectiveOrgRole,
  effectiveSpaceRole,
  type Facts,
} from '../domain/policy.ts'
import type { OrgRole, SpaceRole } from '../domain/roles.ts'
import { DomainError } from '../errors/domain-error.ts'
import type { Organization, OrgStore, Space } from '../ports/store.ts'
import type { Actor } from './actor.ts'
import type { Deps } from './deps.ts'

/** Turns a refusal into the catalogued error: 404 for what the caller cannot see, 403 otherwise. */
export function enforce(decision: Decision): void {
  if (decision === 'allow') return
  throw new DomainError(decision)
}

/** The policy's facts about the caller alone (account and instance actions). */
export function actorFacts(actor: Actor): Facts {
  return { isSuperadmin: actor.account.isSuperadmin, credential: actor.credential }
}

/** Checks an account- or instance-level action. */
export function authorize(actor: Actor, action: Action): void {
  enforce(decide(action, actorFacts(actor)))
}

/** The policy's facts about the caller in an organization. */
export function orgFacts(actor: Actor, orgStore: OrgStore): Facts {
  const { credential } = actor
  const tokenSpaces = credential.kind === 'token' ? credential.spaceIds : null
  return {
    ...actorFacts(actor),
    orgMembership: orgStore.membershipOf(actor.account.id),
    orgHoldsTokenSpace:
      tokenSpaces === null ? true : orgStore.spaces().some((s) => tokenSpaces.includes(s.id)),
  }
}

export type OrgAccess = { org: Organization; orgStore: OrgStore; role: OrgRole }

/** Loads an organization by slug and checks an action on it (404 when invisible). */
export function accessOrg(deps: Deps, actor: Actor, slug: string, action: Action): OrgAccess {
  const org = deps.store.organizations.bySlug(slug)
  if (!org) throw new DomainError('not_found')
  const orgStore = deps.store.forOrg(org.id)
  const facts = orgFacts(actor, orgStore)
  enforce(decide(action, facts))
  return { org, orgStore, role: effectiveOrgRole(facts) ?? 'member' }
}

export type SpaceAccess = { org: Organization; orgStore: OrgStore; space: Space; spaceRole: SpaceRole }

/** The policy's facts about the caller on one space of an organization. */
export function spaceFacts(actor: Actor, orgStore: OrgStore, spaceId: number): Facts {
  return {
    ...actorFacts(actor),
    orgMembership: orgStore.membershipOf(actor.account.id),
    spaceMembership: orgStore.spaceMembershipOf(spaceId, actor.account.id),
    spaceId,
  }
}

/** Loads a space by its organization's and its own slug and checks an action on it (404 when invisible). */
export function accessSpace(
  deps: Deps,
  actor: Actor,
  orgSlug: string,
  spaceSlug: string,
  action: Action,
): SpaceAccess {
  const org = deps.store.organizations.bySlug(orgSlug)
  const orgStore = org && deps.store.forOrg(org.id)
  const space = orgStore?.spaceBySlug(spaceSlug)
  if (!org || !orgStore || !space) throw new DomainError('not_found')
  const facts = spaceFacts(actor, orgStore, space.id)
  enforce(decide(action, facts))
  const spaceRole = effectiveSpaceRole(facts)
  if (!spaceRole) throw new DomainError('not_found')
  return { org, orgStore, space, spaceRole }
}
