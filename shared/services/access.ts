import { parseSpaceRef } from '../domain/identifiers.ts'
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

/** A space by its organization's and its own slug, whoever asks; undefined when either does not exist. */
export function findSpace(
  deps: Deps,
  orgSlug: string,
  spaceSlug: string,
): { org: Organization; orgStore: OrgStore; space: Space } | undefined {
  const org = deps.store.organizations.bySlug(orgSlug)
  const orgStore = org && deps.store.forOrg(org.id)
  const space = orgStore?.spaceBySlug(spaceSlug)
  return org && orgStore && space ? { org, orgStore, space } : undefined
}

/** Loads a space by its organization's and its own slug and checks an action on it (404 when invisible). */
export function accessSpace(
  deps: Deps,
  actor: Actor,
  orgSlug: string,
  spaceSlug: string,
  action: Action,
): SpaceAccess {
  const found = findSpace(deps, orgSlug, spaceSlug)
  if (!found) throw new DomainError('not_found')
  const { org, orgStore, space } = found
  const facts = spaceFacts(actor, orgStore, space.id)
  enforce(decide(action, facts))
  const spaceRole = effectiveSpaceRole(facts)
  if (!spaceRole) throw new DomainError('not_found')
  return { org, orgStore, space, spaceRole }
}

/**
 * `accessSpace` for a space named `<org_slug>/<space_slug>` in a request's body or query: one that
 * does not exist or that the caller cannot see is `unknown_space` (a bad value, not a missing
 * resource); a visible one that refuses the action keeps its reason.
 */
export function accessSpaceRef(deps: Deps, actor: Actor, ref: string, action: Action): SpaceAccess {
  const parts = parseSpaceRef(ref)
  try {
    if (parts) return accessSpace(deps, actor, parts.org, parts.space, action)
  } catch (error) {
    if (!(error instanceof DomainError && error.reason === 'not_found')) throw error
  }
  throw new DomainError('unknown_space', { value: ref })
}
