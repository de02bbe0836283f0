import { decide, effectiveSpaceRole } from '../../domain/policy.ts'
import type { SpaceRole } from '../../domain/roles.ts'
import type { Deps } from '../../ports/deps.ts'
import type { Organization, Space } from '../../ports/store.ts'
import { type AccessOrgDeps, accessOrg, actorFacts, refuseBeforePasswordChange } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'

export type SpaceView = { space: Space; organization: Organization; role: SpaceRole }

export type ListVisibleSpacesDeps = Pick<Deps, 'store'>

/** Every space the caller can read, across organizations (only the token's spaces for a restricted token). */
export async function listVisibleSpaces(deps: ListVisibleSpacesDeps, actor: Actor): Promise<SpaceView[]> {
  refuseBeforePasswordChange(actor)
  const rows = await deps.store.spacesOfAccount(actor.account.id, actor.account.isSuperadmin)
  const views: SpaceView[] = []
  for (const row of rows) {
    const facts = {
      ...actorFacts(actor),
      orgMembership: row.orgRole,
      spaceMembership: row.spaceRole,
      spaceId: row.space.id,
    }
    const role = effectiveSpaceRole(facts)
    if (role && decide('space.read', facts) === 'allow')
      views.push({ space: row.space, organization: row.organization, role })
  }
  return views
}

export type ListOrgSpacesDeps = AccessOrgDeps & ListVisibleSpacesDeps

/** The spaces of one organization that the caller can read. */
export async function listOrgSpaces(
  deps: ListOrgSpacesDeps,
  actor: Actor,
  orgSlug: string,
): Promise<SpaceView[]> {
  const { org } = await accessOrg(deps, actor, orgSlug, 'org.read')
  return (await listVisibleSpaces(deps, actor)).filter((view) => view.organization.id === org.id)
}
