import type { Mailer, MailMessage } from '../../ports/mailer.ts'

/** A mailer that keeps the messages it was handed. */
export type MemoryMailer = Mailer & { sent: MailMessage[] }

/** A mailer for service tests: every message is kept in `sent`, in order, and none goes anywhere. */
export function memoryMailer(): MemoryMailer {
  const sent: MailMessage[] = []
  return {
    sent,
    outgoing: true,
    send: async (message) => {
      sent.push(message)
    },
  }
}
