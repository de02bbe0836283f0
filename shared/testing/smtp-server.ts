import type { AddressInfo } from 'node:net'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export type TestSmtpServer = {
  /** `smtp://user:pass@127.0.0.1:<port>`: the credentials the server expects. */
  url: string
  /** Every message received, parsed, with the envelope's recipients. */
  messages: (ParsedMail & { recipients: string[] })[]
  /** Resolves once `count` messages arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<TestSmtpServer['messages']>
  close(): Promise<void>
}

/**
 * A real SMTP server on loopback (plain, with a password) that parses what it receives. The first
 * `refuse` messages are turned away with a temporary error, as a busy server does.
 */
export async function startSmtpServer({ refuse = 0 }: { refuse?: number } = {}): Promise<TestSmtpServer> {
  const messages: TestSmtpServer['messages'] = []
  let refused = 0
  const waiters = new Set<() => void>()
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth: (auth, _session, callback) =>
      auth.username === 'mailer' && auth.password === 'mail-secret'
        ? callback(null, { user: auth.username })
        : callback(new Error('bad credentials')),
    onData: (stream, session, callback) => {
      if (refused < refuse) {
        refused++
        stream.resume()
        stream.on('end', () => callback(Object.assign(new Error('try again later'), { responseCode: 451 })))
        return
      }
      simpleParser(stream).then(
        (mail) => {
          messages.push(Object.assign(mail, { recipients: session.envelope.rcptTo.map((r) => r.address) }))
          for (const wake of waiters) wake()
          callback()
        },
        (error: Error) => callback(error),
      )
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://mailer:mail-secret@127.0.0.1:${port}`,
    messages,
    waitFor: (count, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (messages.length < count) return
          waiters.delete(check)
          clearTimeout(timer)
          resolve(messages)
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error(`${messages.length} of ${count} messages arrived`))
        }, timeoutMs)
        waiters.add(check)
        check()
      }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
