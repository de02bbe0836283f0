import { addressGroup } from '../../domain/address-group.ts'
import { RESET_LINK_MS, RESET_MAILS, RESET_PREFIX, RESET_REQUESTS_PER_IP } from '../../domain/limits.ts'
import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import type { Account } from '../../ports/store.ts'
import { type TakeSlotDeps, takeSlot } from '../access/rate-limit.ts'
import { resetMail } from './internal/account-mails.ts'
import { type LinkKind, type MailAccountLinkDeps, mailAccountLink } from './internal/mail-link.ts'

const RESET: LinkKind = {
  purpose: 'reset_password',
  prefix: RESET_PREFIX,
  validMs: RESET_LINK_MS,
  page: 'reset-password',
  compose: resetMail,
}

export type RequestPasswordResetInput = {
  /** The username, or the account's verified address. */
  login: string
  /** The client's network address, for the one limit that may refuse. */
  clientIp: string
  /** The request's language: the mail's, for an account that chose none. */
  locale?: 'en' | 'fr'
}

export type RequestPasswordResetDeps = TakeSlotDeps & MailAccountLinkDeps

/**
 * "Forgot your password?": mails a link to choose a new one (`<site>/reset-password/<token>`), valid
 * RESET_LINK_MS and once, to the account's address, and only when that address is verified (an
 * unverified one cannot be proven to be the person's). Whether a link went out is never told: an
 * unknown, deactivated or unreachable account, and an account past RESET_MAILS in its window, all
 * end the same way. Only the client address's own limit refuses (429), which says nothing of the
 * account.
 */
export async function requestPasswordReset(
  deps: RequestPasswordResetDeps,
  input: RequestPasswordResetInput,
  site: string,
): Promise<void> {
  await takeSlot(
    deps,
    [{ key: `reset-ip:${addressGroup(input.clientIp)}`, limit: RESET_REQUESTS_PER_IP }],
    (wait) => new DomainError('too_many_reset_requests', { retry_after: wait }, wait),
  )
  const account = await accountNamed(deps, input.login)
  if (!account?.isActive || !account.email || !account.emailVerified) return
  const now = deps.clock.now()
  // Beyond the account's limit no link goes out, and the answer does not change: no refusal here.
  const room = await deps.store.rateLimits.take(
    [{ key: `reset-mail:${account.id}`, limit: RESET_MAILS }],
    now,
  )
  if (!room.ok) return
  await mailAccountLink(deps, account, RESET, site, now, input.locale)
}

/** The account a login names: a username, or an address verified by exactly one account. */
async function accountNamed(deps: Pick<Deps, 'store'>, login: string): Promise<Account | undefined> {
  const value = login.trim()
  // Usernames hold no `@`: anything with one is an address.
  if (!value.includes('@')) return await deps.store.accounts.byUsername(value.toLowerCase())
  const found = await deps.store.accounts.byVerifiedEmail(value)
  return found.length === 1 ? found[0] : undefined
}
