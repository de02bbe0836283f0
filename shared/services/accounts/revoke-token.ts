import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import { authorize } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'

/** Revokes one of the caller's personal tokens; 404 for a token that is not the caller's or is gone. */
export async function revokeToken(
  deps: Pick<Deps, 'clock' | 'store'>,
  actor: Actor,
  id: string,
): Promise<void> {
  authorize(actor, 'account.manage')
  if (!(await deps.store.tokens.revoke(actor.account.id, id, deps.clock.now())))
    throw new DomainError('not_found')
}
