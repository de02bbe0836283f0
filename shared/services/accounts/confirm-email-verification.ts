import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import { isSameAddress } from './internal/account-mails.ts'

/**
 * Confirms an address through the secret of a mailed link: the account's address becomes verified.
 * The link works once, before it expires, and only while the account is active and still has the
 * address it was sent to; otherwise `link_unusable` (404), whichever the cause.
 */
export async function confirmEmailVerification(
  deps: Pick<Deps, 'clock' | 'secrets' | 'store'>,
  secret: string,
): Promise<void> {
  const now = deps.clock.now()
  const link = await deps.store.accountLinks.use(deps.secrets.digest(secret), 'verify_email', now)
  const account = link && (await deps.store.accounts.byId(link.accountId))
  if (!link || !account?.isActive || !isSameAddress(account.email, link.email))
    throw new DomainError('link_unusable')
  if (!account.emailVerified) await deps.store.accounts.update(account.id, { emailVerified: true }, now)
}
