import type { Deps } from '../../ports/deps.ts'
import { type AccessOrgDeps, accessOrg } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import type { OrganizationView } from './list-organizations.ts'

export type UpdateOrganizationInput = { name?: string; description?: string }

export type UpdateOrganizationDeps = AccessOrgDeps & Pick<Deps, 'store'>

/** Renames or re-describes an organization (admin); absent fields stay as they are. */
export async function updateOrganization(
  deps: UpdateOrganizationDeps,
  actor: Actor,
  slug: string,
  input: UpdateOrganizationInput,
): Promise<OrganizationView> {
  const { org, role } = await accessOrg(deps, actor, slug, 'org.update')
  const changes: UpdateOrganizationInput = {}
  if (input.name !== undefined) changes.name = input.name.trim()
  if (input.description !== undefined) changes.description = input.description.trim()
  const organization = Object.keys(changes).length
    ? await deps.store.organizations.update(org.id, changes)
    : org
  return { organization, role }
}
