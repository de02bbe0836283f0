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
  // An organization the caller cannot see is not found (404) before it is refused to them (403).
  const { org } = await accessOrg(deps, actor, slug, 'org.read')
  authorize(actor, 'org.delete')
  if (!(await deps.store.organizations.deleteIfEmpty(org.id)))
    throw new DomainError('organization_has_spaces')
}
