import type { Deps } from '../../ports/deps.ts'
import type { Token } from '../../ports/store.ts'
import { authorize } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'

/** The caller's active personal tokens (never their secrets), newest first. */
export async function listTokens(deps: Pick<Deps, 'store'>, actor: Actor): Promise<Token[]> {
  authorize(actor, 'account.read')
  return await deps.store.tokens.listActive(actor.account.id)
}
