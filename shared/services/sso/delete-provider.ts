import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import { authorize } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'

/**
 * Deletes a single sign-on provider (super admin), with its links to accounts and its sign-ins in
 * flight; the accounts stay, and sign in with a password or another provider. 404 when there is none.
 */
export async function deleteProvider(deps: Pick<Deps, 'store'>, actor: Actor, slug: string): Promise<void> {
  authorize(actor, 'sso.manage')
  if (!(await deps.store.sso.remove(slug))) throw new DomainError('not_found')
}
