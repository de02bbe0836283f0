import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import { authorize } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'

export type ChangePasswordInput = { currentPassword: string; newPassword: string }

/**
 * Changes the caller's password. Every personal token of the account and every other session are
 * revoked (SPEC 5.3); the session making the change stays signed in.
 */
export async function changePassword(
  deps: Pick<Deps, 'clock' | 'passwords' | 'store'>,
  actor: Actor,
  input: ChangePasswordInput,
): Promise<void> {
  authorize(actor, 'account.password')
  const { passwordHash } = actor.account
  const isCurrent =
    passwordHash !== null && (await deps.passwords.verify(passwordHash, input.currentPassword))
  if (!isCurrent) throw new DomainError('wrong_current_password')
  const hash = await deps.passwords.hash(input.newPassword)
  await deps.store.accounts.changePassword(actor.account.id, hash, deps.clock.now(), actor.sessionId ?? null)
}
