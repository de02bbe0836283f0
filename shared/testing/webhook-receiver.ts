import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'

/** One delivery as the receiver got it, and whether its signature checked out with the secret. */
export type Received = {
  type: string
  timestamp: string
  data: Record<string, unknown>
  headers: Record<string, string>
  /** Verified with the `standardwebhooks` package, as any receiver would. */
  verified: boolean
}

/** How the receiver answers the n-th request (0-based): a status, after a pause. */
export type Answer = { status?: number; delayMs?: number; location?: string }

export type WebhookReceiver = {
  url: string
  received: Received[]
  /** The secret returned when the webhook was registered; deliveries are verified with it. */
  trustSecret(secret: string): void
  /** How to answer from now on (200 at once by default). */
  answer(by: (index: number) => Answer): void
  /** Resolves once `count` deliveries arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>
  close(): Promise<void>
}

/** A real HTTP receiver on loopback that checks Standard Webhooks signatures. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: Received[] = []
  let secret: string | undefined
  let answer: (index: number) => Answer = () => ({})
  let requests = 0
  const waiters = new Set<() => void>()
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString('utf8')
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]),
    )
    const { status = 200, delayMs = 0, location } = answer(requests++)
    let verified = false
    try {
      if (secret) {
        new Webhook(secret).verify(body, headers)
        verified = true
      }
    } catch {
      verified = false
    }
    const parsed = JSON.parse(body) as Omit<Received, 'headers' | 'verified'>
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs))
    received.push({ ...parsed, headers, verified })
    for (const wake of waiters) wake()
    res.writeHead(status, location ? { location } : {}).end('ok')
  }
  const server = createServer((req, res) => void handle(req, res))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    trustSecret: (s) => {
      secret = s
    },
    answer: (by) => {
      answer = by
    },
    waitFor: (count, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return
          waiters.delete(check)
          clearTimeout(timer)
          resolve(received)
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error(`${received.length} of ${count} deliveries arrived`))
        }, timeoutMs)
        waiters.add(check)
        check()
      }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
