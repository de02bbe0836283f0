import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import type { Account, AccountLink } from '../../ports/store.ts'
import { isSameAddress } from './internal/account-mails.ts'

export type CheckPasswordResetDeps = Pick<Deps, 'clock' | 'secrets' | 'store'>

/**
 * Whether a reset link can still be used, without using it (so its page can say it expired before
 * the person types a password): `link_unusable` (404) when it cannot.
 */
export async function checkPasswordReset(deps: CheckPasswordResetDeps, secret: string): Promise<void> {
  const link = await deps.store.accountLinks.peek(
    deps.secrets.digest(secret),
    'reset_password',
    deps.clock.now(),
  )
  if (!link || !(await ownerOf(deps, link))) throw new DomainError('link_unusable')
}

export type ResetPasswordInput = { secret: string; password: string }

export type ResetPasswordDeps = CheckPasswordResetDeps & Pick<Deps, 'passwords'>

/**
 * Sets a new password through a mailed reset link, once. As a password change does (SPEC 5.3), it
 * revokes every token, OAuth grant and session of the account; it also ends the account's other
 * reset links and clears a password a super admin set (`must_change_password`). `link_unusable`
 * (404) once used, expired, unknown, or when the account changed address or was deactivated since.
 */
export async function resetPassword(deps: ResetPasswordDeps, input: ResetPasswordInput): Promise<void> {
  const now = deps.clock.now()
  // The link is used before the password is hashed: a made-up link costs no slow hash.
  const link = await deps.store.accountLinks.use(deps.secrets.digest(input.secret), 'reset_password', now)
  const account = link && (await ownerOf(deps, link))
  if (!account) throw new DomainError('link_unusable')
  const hash = await deps.passwords.hash(input.password)
  await deps.store.accounts.changePassword(account.id, hash, deps.clock.now(), null, false)
  await deps.store.accountLinks.revoke(account.id, 'reset_password', deps.clock.now())
}

/** The account a reset link may act for: active, and still at the verified address the link went to. */
async function ownerOf(deps: Pick<Deps, 'store'>, link: AccountLink): Promise<Account | undefined> {
  const account = await deps.store.accounts.byId(link.accountId)
  if (!account?.isActive || !account.emailVerified || !isSameAddress(account.email, link.email)) return
  return account
}
