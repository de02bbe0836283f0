import type { Deps } from '../../ports/deps.ts'
import type { Account } from '../../ports/store.ts'
import { authorize } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'

/** Every account of the service (super admin). */
export async function listUsers(deps: Pick<Deps, 'store'>, actor: Actor): Promise<Account[]> {
  authorize(actor, 'users.read')
  return await deps.store.accounts.list()
}
