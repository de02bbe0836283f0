/** One message to send: plain text and HTML versions of the same content. */
export type MailMessage = { to: string[]; subject: string; text: string; html: string }

/** Sends mail (SMTP, or a folder of `.eml` files when no server is configured). */
export interface Mailer {
  /** Resolves once the message is handed over; rejects when it could not be (the job retries). */
  send(message: MailMessage): Promise<void>
  /**
   * Whether messages go out to their recipients (a mail server is set), rather than into the outbox
   * folder an admin reads: what a person is told was sent depends on it.
   */
  readonly outgoing: boolean
}
