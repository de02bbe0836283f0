import type { Account } from '../../ports/accounts.ts'
import type { Deps } from '../../ports/deps.ts'
import type { MailMessage } from '../../ports/mailer.ts'

/** The job kind of one message to send. */
export const MAIL_JOB = 'mail'
/** Waits before each new attempt at a message the SMTP server did not take. */
export const MAIL_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 6 * 3600_000]

/** A mail job's payload. */
export type MailPayload = { message: MailMessage; attempt: number }

/** What a message says, in one language. */
export type ComposedMail = { subject: string; text: string; html: string }

export type MailAccountsDeps = Pick<Deps, 'clock' | 'store'>

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
    const message: MailMessage = { to: [account.email], ...compose(account.locale === 'fr' ? 'fr' : 'en') }
    const payload: MailPayload = { message, attempt: 1 }
    try {
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
  const payload: MailPayload = { message: { to: [to], ...mail }, attempt: 1 }
  const now = deps.clock.now()
  await deps.store.jobs.enqueue({ kind: MAIL_JOB, spaceId: null, payload, runAt: now }, now)
}

export type SendQueuedMailDeps = Pick<Deps, 'clock' | 'mailer' | 'store'>

/**
 * Sends a queued message. When the mailer fails, the next attempt is queued (while retries are
 * left) and the error is thrown, so the job is logged as failed with its reason.
 */
export async function sendQueuedMail(deps: SendQueuedMailDeps, payload: MailPayload): Promise<void> {
  try {
    await deps.mailer.send(payload.message)
  } catch (error) {
    const delay = MAIL_RETRY_DELAYS_MS[payload.attempt - 1]
    if (delay !== undefined) {
      const now = deps.clock.now()
      const next: MailPayload = { ...payload, attempt: payload.attempt + 1 }
      await deps.store.jobs.enqueue({ kind: MAIL_JOB, spaceId: null, payload: next, runAt: now + delay }, now)
    }
    throw error
  }
}
