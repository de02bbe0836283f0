import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import { authorize } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'

export type SetUserPasswordDeps = Pick<Deps, 'clock' | 'passwords' | 'secrets' | 'store'>

/**
 * A super admin sets someone's password: the one given, or a random one as strong as a
 * token's secret. Every token,
 * OAuth grant and session of the account is revoked, and the person must choose a new password at
 * the next sign-in (`must_change_password`). Returns the password, for the super admin to hand over
 * once; 404 for an unknown account.
 */
export async function setUserPassword(
  deps: SetUserPasswordDeps,
  actor: Actor,
  username: string,
  password?: string,
): Promise<{ password: string }> {
  authorize(actor, 'users.manage')
  const target = await deps.store.accounts.byUsername(username.trim().toLowerCase())
  if (!target) throw new DomainError('not_found')
  const chosen = password ?? deps.secrets.mint('')
  const hash = await deps.passwords.hash(chosen)
  await deps.store.accounts.changePassword(target.id, hash, deps.clock.now(), null, true)
  return { password: chosen }
}
