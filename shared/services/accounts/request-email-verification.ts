import { VERIFICATION_LINK_MS, VERIFICATION_MAILS, VERIFY_PREFIX } from '../../domain/limits.ts'
import { DomainError } from '../../errors/domain-error.ts'
import type { Account } from '../../ports/store.ts'
import { authorize } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import { type TakeSlotDeps, takeSlot, withSlot } from '../access/rate-limit.ts'
import { verificationMail } from './internal/account-mails.ts'
import { type LinkKind, type MailAccountLinkDeps, mailAccountLink } from './internal/mail-link.ts'

export type SendVerificationLinkDeps = MailAccountLinkDeps

const VERIFICATION: LinkKind = {
  purpose: 'verify_email',
  prefix: VERIFY_PREFIX,
  validMs: VERIFICATION_LINK_MS,
  page: 'verify-email',
  compose: verificationMail,
}

/**
 * Mails the account's address a link that confirms it (`<site>/verify-email/<token>`), valid
 * VERIFICATION_LINK_MS and once, and voids every link sent before, to this address or an older
 * one. The link's secret is kept as its digest only. An account without an address, or a
 * deactivated one, gets no link (the older ones are still voided).
 */
export async function sendVerificationLink(
  deps: SendVerificationLinkDeps,
  account: Account,
  site: string,
  locale?: 'en' | 'fr',
): Promise<void> {
  const now = deps.clock.now()
  await deps.store.accountLinks.revoke(account.id, 'verify_email', now)
  if (!account.email || !account.isActive) return
  await mailAccountLink(deps, account, VERIFICATION, site, now, locale)
}

export type RequestEmailVerificationDeps = SendVerificationLinkDeps & TakeSlotDeps

/**
 * Mails the caller a new link confirming their address (`site` is where links start). 400 when the
 * account has no address or it is verified already; the person may ask VERIFICATION_MAILS times
 * in its window, then 429. A restricted token may not ask (it does not manage the account).
 */
export async function requestEmailVerification(
  deps: RequestEmailVerificationDeps,
  actor: Actor,
  site: string,
  locale?: 'en' | 'fr',
): Promise<void> {
  authorize(actor, 'account.manage')
  const { account } = actor
  if (!account.email) throw new DomainError('no_email')
  if (account.emailVerified) throw new DomainError('email_already_verified')
  const slot = await takeSlot(
    deps,
    [{ key: `verify-mail:${account.id}`, limit: VERIFICATION_MAILS }],
    (wait) => new DomainError('too_many_verification_mails', { retry_after: wait }, wait),
  )
  // A link that could not be queued was not sent: the request does not count.
  await withSlot(slot, () => sendVerificationLink(deps, account, site, locale))
}
