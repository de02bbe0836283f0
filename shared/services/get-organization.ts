import { accessOrg } from './access.ts'
import type { Actor } from './actor.ts'
import type { Deps } from './deps.ts'
import type { OrganizationView } from './list-organizations.ts'

/** One organization the caller can see, with its role. */
export async function getOrganization(deps: Deps, actor: Actor, slug: string): Promise<OrganizationView> {
  const { org, role } = await accessOrg(deps, actor, slug, 'org.read')
  return { organization: org, role }
}
