import type { Account } from '../../ports/accounts.ts'
import type { Deps } from '../../ports/deps.ts'
import type { MailMessage } from '../../ports/mailer.ts'

/** The job kind of one message to send. */
export const MAIL_JOB = 'mail'
/** Waits before each new attempt at a message the SMTP server did not take. */
export const MAIL_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 6 * 3600_000]

/**
 * A mail job's payload as it is written: the whole message sealed with the server's key (it may
 * carry a link that signs someone in or resets a password, which must not be readable from a copy
 * of the database), and which attempt this is.
 */
export type SealedMailPayload = { sealed: string; attempt: number }

/**
 * What a mail job's payload may hold: the sealed form, or the message in clear as queues written
 * before messages were sealed held it (still sent, so an upgrade loses no queued mail).
 */
export type MailPayload = SealedMailPayload | { message: MailMessage; attempt: number }

/** The payload of a job sending `message`, sealed. */
export function sealMail(deps: Pick<Deps, 'cipher'>, message: MailMessage, attempt = 1): SealedMailPayload {
  return { sealed: deps.cipher.seal(JSON.stringify(message)), attempt }
}

/** The message a mail job's payload holds; throws when it was sealed with another key. */
export function openMail(deps: Pick<Deps, 'cipher'>, payload: MailPayload): MailMessage {
  return 'sealed' in payload ? (JSON.parse(deps.cipher.open(payload.sealed)) as MailMessage) : payload.message
}

/** What a message says, in one language. */
export type ComposedMail = { subject: string; text: string; html: string }

export type MailAccountsDeps = Pick<Deps, 'cipher' | 'clock' | 'store'>

/** The language of mail to an account: the one the person chose, else `otherwise` (English by default). */
export function mailLocaleOf(account: Pick<Account, 'locale'>, otherwise: 'en' | 'fr' = 'en'): 'en' | 'fr' {
  return account.locale === 'fr' || account.locale === 'en' ? account.locale : otherwise
}

/**
 * Queues one message per account that has an address, written in that account's language
 * (`compose` is called once per recipient; its HTML must escape what it quotes, see `escapeHtml`),
 * and returns how many were queued. Messages go out from the job queue with retries; a message that
 * cannot be queued is skipped, so the action that sends mail never fails because of it.
 */
export async function mailAccounts(
  deps: MailAccountsDeps,
  accounts: Account[],
  compose: (locale: 'en' | 'fr') => ComposedMail,
): Promise<number> {
  let queued = 0
  for (const account of accounts) {
    if (!account.email || !account.isActive) continue
    const message: MailMessage = { to: [account.email], ...compose(mailLocaleOf(account)) }
    try {
      const payload = sealMail(deps, message)
      const now = deps.clock.now()
      await deps.store.jobs.enqueue({ kind: MAIL_JOB, spaceId: null, payload, runAt: now }, now)
      queued++
    } catch {
      // The database refused: this recipient misses the message, the caller goes on.
    }
  }
  return queued
}

/**
 * Queues one message to an address that may belong to no account yet (an invitation, a link to
 * verify a new address), to go out from the job queue with retries. Unlike `mailAccounts`, a
 * refusal to queue is thrown: the caller is handing out a link and must know it was not sent.
 */
export async function queueMail(deps: MailAccountsDeps, to: string, mail: ComposedMail): Promise<void> {
  const payload = sealMail(deps, { to: [to], ...mail })
  const now = deps.clock.now()
  await deps.store.jobs.enqueue({ kind: MAIL_JOB, spaceId: null, payload, runAt: now }, now)
}

export type SendQueuedMailDeps = Pick<Deps, 'cipher' | 'clock' | 'mailer' | 'store'>

/**
 * Sends a queued message (sealed, or in clear from a queue written before messages were sealed).
 * When the mailer fails, the next attempt is queued, sealed, while retries are left, and the error
 * is thrown, so the job is logged as failed with its reason. A message that cannot be opened (sealed
 * with another key) is not tried again: no attempt could open it.
 */
export async function sendQueuedMail(deps: SendQueuedMailDeps, payload: MailPayload): Promise<void> {
  const message = openMail(deps, payload)
  try {
    await deps.mailer.send(message)
  } catch (error) {
    const delay = MAIL_RETRY_DELAYS_MS[payload.attempt - 1]
    if (delay !== undefined) {
      const now = deps.clock.now()
      const next =
        'sealed' in payload
          ? { ...payload, attempt: payload.attempt + 1 }
          : sealMail(deps, message, payload.attempt + 1)
      await deps.store.jobs.enqueue({ kind: MAIL_JOB, spaceId: null, payload: next, runAt: now + delay }, now)
    }
    throw error
  }
}
