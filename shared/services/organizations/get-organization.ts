import { type AccessOrgDeps, accessOrg } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import type { OrganizationView } from './list-organizations.ts'

export type GetOrganizationDeps = AccessOrgDeps

/** One organization the caller can see, with its role. */
export async function getOrganization(
  deps: GetOrganizationDeps,
  actor: Actor,
  slug: string,
): Promise<OrganizationView> {
  const { org, role } = await accessOrg(deps, actor, slug, 'org.read')
  return { organization: org, role }
}
