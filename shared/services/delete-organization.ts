import { DomainError } from '../errors/domain-error.ts'
import { accessOrg, authorize } from './access.ts'
import type { Actor } from './actor.ts'
import type { Deps } from './deps.ts'

/** Deletes an organization that has no space left (super admin); 400 while spaces remain. */
export function deleteOrganization(deps: Deps, actor: Actor, slug: string): void {
  authorize(actor, 'org.delete')
  const { org } = accessOrg(deps, actor, slug, 'org.read')
  if (!deps.store.organizations.deleteIfEmpty(org.id)) throw new DomainError('organization_has_spaces')
}
