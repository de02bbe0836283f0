import type { Token } from '../ports/store.ts'
import { authorize } from './access.ts'
import type { Actor } from './actor.ts'
import type { Deps } from './deps.ts'

/** The caller's active personal tokens (never their secrets), newest first. */
export async function listTokens(deps: Deps, actor: Actor): Promise<Token[]> {
  authorize(actor, 'account.read')
  return await deps.store.tokens.listActive(actor.account.id)
}
