import { Webhook } from 'standardwebhooks'
import type { WebhookOutcome, WebhookSender } from '../../ports/webhooks.ts'
import { guardedRequest } from './guarded-http.ts'
import { AddressNotAllowedError, type OutboundGuard } from './outbound-guard.ts'

/** A receiver that does not answer within this long has failed the attempt. */
export const WEBHOOK_TIMEOUT_MS = 10_000
/** How much of a receiver's answer is read before the connection is let go. */
const ANSWER_MAX_BYTES = 64 * 1024

/**
 * Deliveries signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`),
 * posted through the outbound guard: every connection goes only to an address the policy allows,
 * checked on the address actually connected to, and redirects are not followed.
 */
export function webhookSender(
  guard: OutboundGuard,
  { timeoutMs = WEBHOOK_TIMEOUT_MS }: { timeoutMs?: number } = {},
): WebhookSender {
  return {
    refusal: async (url) => {
      try {
        await guard.resolve(new URL(url).hostname)
        return undefined
      } catch (error) {
        if (error instanceof AddressNotAllowedError) return error.message
        // A name that does not resolve today may tomorrow: each delivery checks again.
        return undefined
      }
    },
    send: async ({ url, secret, messageId, body }) => {
      const started = performance.now()
      const done = (outcome: Omit<WebhookOutcome, 'durationMs'>): WebhookOutcome => ({
        ...outcome,
        durationMs: Math.round(performance.now() - started),
      })
      // The signature's time is the attempt's own, so receivers that refuse old messages take retries;
      // one instant for both the signature and its header, which a second turning between would split.
      const at = new Date()
      const signature = new Webhook(secret).sign(messageId, at, body)
      try {
        const response = await guardedRequest(guard, {
          url,
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'user-agent': 'Quire-Webhooks/1',
            'webhook-id': messageId,
            'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
            'webhook-signature': signature,
          },
          body: new TextEncoder().encode(body),
          signal: AbortSignal.timeout(timeoutMs),
        })
        await drain(response.body, ANSWER_MAX_BYTES)
        const status = response.statusCode
        const ok = status >= 200 && status < 300
        return done({ ok, statusCode: status, error: ok ? null : `HTTP ${status}` })
      } catch (error) {
        return done({ ok: false, statusCode: null, error: describe(error) })
      }
    },
  }
}

/** Reads the answer up to a limit, so the connection can be reused or closed. */
async function drain(body: AsyncIterable<Buffer> & { destroy(): void }, max: number): Promise<void> {
  let read = 0
  for await (const chunk of body) {
    read += chunk.length
    if (read > max) {
      body.destroy()
      return
    }
  }
}

/** A short reason for a failed attempt, as shown in the deliveries list. */
function describe(error: unknown): string {
  const e = error as { name?: string; code?: string; message?: string }
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return 'timed out'
  if (e.code === 'ECONNREFUSED') return 'connection refused'
  return (e.message ?? String(error)).slice(0, 300)
}
