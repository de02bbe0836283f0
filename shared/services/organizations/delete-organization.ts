import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import { type AccessOrgDeps, accessOrg, authorize } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'

export type DeleteOrganizationDeps = AccessOrgDeps & Pick<Deps, 'store'>

/** Deletes an organization that has no space left (super admin); 400 while spaces remain. */
export async function deleteOrganization(
  deps: DeleteOrganizationDeps,
  actor: Actor,
  slug: string,
): Promise<void> {
  authorize(actor, 'org.delete')
  const { org } = await accessOrg(deps, actor, slug, 'org.read')
  if (!(await deps.store.organizations.deleteIfEmpty(org.id)))
    throw new DomainError('organization_has_spaces')
}
