import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import nodemailer from 'nodemailer'
import type { Logger } from '../../ports/logger.ts'
import type { Mailer, MailMessage } from '../../ports/mailer.ts'

/** The sender used when `SERVICE_MAIL_FROM` is not set. */
export const DEFAULT_MAIL_FROM = 'Quire <quire@localhost>'

/** A slow or silent SMTP server is given up after this long, and the job tries again later. */
const SMTP_TIMEOUT_MS = 30_000

export type MailerSettings = {
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…` (TLS); none: the outbox. */
  smtpUrl?: string
  from?: string
  /** Where messages are written as `.eml` files when no SMTP server is configured. */
  outboxDir: string
  logger?: Logger
}

/**
 * Mail through nodemailer: to the SMTP server when one is configured, otherwise each message is
 * written as an `.eml` file in the outbox, so a fresh install works and an admin can read what
 * would have been sent. Logs never carry the server's credentials.
 */
export function createMailer(settings: MailerSettings): Mailer {
  const from = settings.from || DEFAULT_MAIL_FROM
  const mail = (message: MailMessage) => ({ from, ...message })
  if (settings.smtpUrl) {
    const transport = nodemailer.createTransport({
      url: settings.smtpUrl,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    })
    return {
      outgoing: true,
      send: async (message) => {
        await transport.sendMail(mail(message))
        settings.logger?.info({ recipients: message.to.length, subject: message.subject }, 'mail sent')
      },
    }
  }
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    outgoing: false,
    send: async (message) => {
      const { message: raw } = await stream.sendMail(mail(message))
      await mkdir(settings.outboxDir, { recursive: true, mode: 0o700 })
      // Named by time first, so a listing reads in the order they were sent.
      const file = join(
        settings.outboxDir,
        `${new Date().toISOString().replaceAll(':', '-')}-${randomBytes(4).toString('hex')}.eml`,
      )
      await writeFile(file, raw as Buffer, { mode: 0o600 })
      settings.logger?.info(
        { file, to: message.to, subject: message.subject },
        'no SMTP server configured: mail written to the outbox',
      )
    },
  }
}
