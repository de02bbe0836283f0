import type { Account } from '../ports/store.ts'
import { authorize } from './access.ts'
import type { Actor } from './actor.ts'
import type { Deps } from './deps.ts'

/** Every account of the service (super admin). */
export function listUsers(deps: Deps, actor: Actor): Account[] {
  authorize(actor, 'users.read')
  return deps.store.accounts.list()
}
