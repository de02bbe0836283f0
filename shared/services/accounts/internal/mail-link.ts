import type { Deps } from '../../../ports/deps.ts'
import type { Account, AccountLinkPurpose } from '../../../ports/store.ts'
import { type ComposedMail, mailLocaleOf, queueMail } from '../../mail/send-mail.ts'
import type { LinkMailFacts } from './account-mails.ts'

/** What one kind of mailed link is: its purpose, secret prefix, life, page and message. */
export type LinkKind = {
  purpose: AccountLinkPurpose
  prefix: string
  validMs: number
  /** The web app's page the link opens (`verify-email`, `reset-password`). */
  page: string
  compose: (locale: 'en' | 'fr', facts: LinkMailFacts) => ComposedMail
}

export type MailAccountLinkDeps = Pick<Deps, 'cipher' | 'clock' | 'secrets' | 'store'>

/**
 * Makes a one-time link for an account that has an address (`<site>/<page>/<secret>`, valid
 * `validMs` from `now`), keeps only its secret's digest, and queues the mail that carries it to the
 * account's address, in the account's language, else `locale` (the language of the request that asked
 * for it, for an account that chose none).
 */
export async function mailAccountLink(
  deps: MailAccountLinkDeps,
  account: Account,
  kind: LinkKind,
  site: string,
  now: number,
  locale?: 'en' | 'fr',
): Promise<void> {
  const secret = deps.secrets.mint(kind.prefix)
  await deps.store.accountLinks.create({
    id: deps.secrets.digest(secret),
    purpose: kind.purpose,
    accountId: account.id,
    email: account.email,
    createdAt: now,
    expiresAt: now + kind.validMs,
  })
  const mail = kind.compose(mailLocaleOf(account, locale), {
    link: `${site}/${kind.page}/${secret}`,
    site,
    username: account.username,
    email: account.email,
    validMs: kind.validMs,
  })
  await queueMail(deps, account.email, mail)
}
