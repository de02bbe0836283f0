import { parseSpaceRef } from '../../domain/identifiers.ts'
import {
  type Action,
  type Decision,
  decide,
  effectiveOrgRole,
  effectiveSpaceRole,
  type Facts,
} from '../../domain/policy.ts'
import type { OrgRole, SpaceRole } from '../../domain/roles.ts'
import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import type { Organization, OrgStore, Space, SpaceStore } from '../../ports/store.ts'
import type { Actor } from './actor.ts'

/** Turns a refusal into the catalogued error: 404 for what the caller cannot see, 403 otherwise. */
export function enforce(decision: Decision): void {
  if (decision === 'allow') return
  throw new DomainError(decision)
}

/** The policy's facts about the caller alone (account and instance actions). */
export function actorFacts(actor: Actor): Facts {
  return {
    isSuperadmin: actor.account.isSuperadmin,
    credential: actor.credential,
    mustChangePassword: actor.account.mustChangePassword,
  }
}

/**
 * For listings, which check each item rather than one action: an account whose password must first
 * be changed is told so (403), as every other call tells it, rather than shown an empty list.
 */
export function refuseBeforePasswordChange(actor: Actor): void {
  if (actor.account.mustChangePassword) throw new DomainError('password_change_required')
}

/** Checks an account- or instance-level action. */
export function authorize(actor: Actor, action: Action): void {
  enforce(decide(action, actorFacts(actor)))
}

/** The policy's facts about the caller in an organization. */
export async function orgFacts(actor: Actor, orgStore: OrgStore): Promise<Facts> {
  const { credential } = actor
  const tokenSpaces = credential.kind === 'token' ? credential.spaceIds : null
  return {
    ...actorFacts(actor),
    orgMembership: await orgStore.members.roleOf(actor.account.id),
    orgHoldsTokenSpace:
      tokenSpaces === null ? true : (await orgStore.spaces.list()).some((s) => tokenSpaces.includes(s.id)),
  }
}

export type OrgAccess = { org: Organization; orgStore: OrgStore; role: OrgRole }

export type AccessOrgDeps = Pick<Deps, 'store'>

/** Loads an organization by slug and checks an action on it (404 when invisible). */
export async function accessOrg(
  deps: AccessOrgDeps,
  actor: Actor,
  slug: string,
  action: Action,
): Promise<OrgAccess> {
  const org = await deps.store.organizations.bySlug(slug)
  if (!org) throw new DomainError('not_found')
  const orgStore = deps.store.forOrg(org.id)
  const facts = await orgFacts(actor, orgStore)
  enforce(decide(action, facts))
  return { org, orgStore, role: effectiveOrgRole(facts) ?? 'member' }
}

export type SpaceAccess = {
  org: Organization
  orgStore: OrgStore
  space: Space
  /** The space's own data (members, Git state, marks, tidy-up). */
  spaceStore: SpaceStore
  spaceRole: SpaceRole
}

/** The policy's facts about the caller on one space of an organization. */
export async function spaceFacts(actor: Actor, orgStore: OrgStore, spaceId: number): Promise<Facts> {
  const [orgMembership, spaceMembership] = await Promise.all([
    await orgStore.members.roleOf(actor.account.id),
    await orgStore.space(spaceId).members.roleOf(actor.account.id),
  ])
  return { ...actorFacts(actor), orgMembership, spaceMembership, spaceId }
}

export type FindSpaceDeps = Pick<Deps, 'store'>

/** A space by its organization's and its own slug, whoever asks; undefined when either does not exist. */
export async function findSpace(
  deps: FindSpaceDeps,
  orgSlug: string,
  spaceSlug: string,
): Promise<{ org: Organization; orgStore: OrgStore; space: Space; spaceStore: SpaceStore } | undefined> {
  const org = await deps.store.organizations.bySlug(orgSlug)
  if (!org) return undefined
  const orgStore = deps.store.forOrg(org.id)
  const space = await orgStore.spaces.bySlug(spaceSlug)
  return space && { org, orgStore, space, spaceStore: orgStore.space(space.id) }
}

export type AccessSpaceDeps = Pick<Deps, 'store'>

/** Loads a space by its organization's and its own slug and checks an action on it (404 when invisible). */
export async function accessSpace(
  deps: AccessSpaceDeps,
  actor: Actor,
  orgSlug: string,
  spaceSlug: string,
  action: Action,
): Promise<SpaceAccess> {
  // The space and the caller's roles in one read: the same facts as `spaceFacts` gives.
  const found = await deps.store.spaceBySlugs(orgSlug, spaceSlug, actor.account.id)
  if (!found) throw new DomainError('not_found')
  const { organization: org, space } = found
  const facts: Facts = {
    ...actorFacts(actor),
    orgMembership: found.orgRole,
    spaceMembership: found.spaceRole,
    spaceId: space.id,
  }
  enforce(decide(action, facts))
  const spaceRole = effectiveSpaceRole(facts)
  if (!spaceRole) throw new DomainError('not_found')
  const orgStore = deps.store.forOrg(org.id)
  return { org, orgStore, space, spaceStore: orgStore.space(space.id), spaceRole }
}

export type AccessSpaceRefDeps = AccessSpaceDeps

/**
 * `accessSpace` for a space named `<org_slug>/<space_slug>` in a request's body or query: one that
 * does not exist or that the caller cannot see is `unknown_space` (a bad value, not a missing
 * resource); a visible one that refuses the action keeps its reason.
 */
export async function accessSpaceRef(
  deps: AccessSpaceRefDeps,
  actor: Actor,
  ref: string,
  action: Action,
): Promise<SpaceAccess> {
  const parts = parseSpaceRef(ref)
  try {
    if (parts) return await accessSpace(deps, actor, parts.org, parts.space, action)
  } catch (error) {
    if (!(error instanceof DomainError && error.reason === 'not_found')) throw error
  }
  throw new DomainError('unknown_space', { value: ref })
}
