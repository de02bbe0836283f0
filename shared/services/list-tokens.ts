import type { Token } from '../ports/store.ts'
import { authorize } from './access.ts'
import type { Actor } from './actor.ts'
import type { Deps } from './deps.ts'

/** The caller's active personal tokens (never their secrets), newest first. */
export function listTokens(deps: Deps, actor: Actor): Token[] {
  authorize(actor, 'account.read')
  return deps.store.tokens.listActive(actor.account.id)
}
