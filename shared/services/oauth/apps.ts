import { REPLAY_MEMORY_MS, UNUSED_CLIENT_MS } from '../../domain/oauth.ts'
import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import type { Grant } from '../../ports/store.ts'
import { authorize } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'

/** An application a person connected through OAuth: the grant and the app's name. */
export type ConnectedApp = Grant & { clientName: string }

/** The caller's connected applications (OAuth grants), newest first. */
export async function listApps(deps: Pick<Deps, 'store'>, actor: Actor): Promise<ConnectedApp[]> {
  authorize(actor, 'account.read')
  return await deps.store.oauth.grantsOf(actor.account.id)
}

/** Ends one of the caller's connections: its tokens stop working at once; 404 when it is not theirs. */
export async function disconnectApp(deps: Pick<Deps, 'store'>, actor: Actor, id: string): Promise<void> {
  authorize(actor, 'account.manage')
  if (!(await deps.store.oauth.deleteGrant(id, actor.account.id))) throw new DomainError('not_found')
}

export type PruneOAuthDeps = Pick<Deps, 'clock' | 'store'>

/**
 * Deletes clients registered over UNUSED_CLIENT_MS ago that nobody authorized, and forgets codes and
 * refresh tokens expired long enough that a replay of them no longer needs recognising.
 */
export async function pruneOAuth(deps: PruneOAuthDeps): Promise<void> {
  const now = deps.clock.now()
  await deps.store.oauth.pruneUnusedClients(now - UNUSED_CLIENT_MS)
  await deps.store.oauth.pruneExpired(now - REPLAY_MEMORY_MS)
}
