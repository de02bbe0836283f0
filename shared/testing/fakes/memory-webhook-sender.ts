import type { OutboundCheck } from '../../ports/outbound.ts'
import type { WebhookOutcome, WebhookRequest, WebhookSender } from '../../ports/webhooks.ts'
import { memoryOutbound } from './memory-outbound.ts'

/** A webhook sender that delivers nowhere, and keeps what it was given to send. */
export type MemoryWebhookSender = WebhookSender & {
  /** Every attempt, in order. */
  sent: WebhookRequest[]
  /** How the next attempts go, first first; an attempt with none left succeeds. */
  outcomes: WebhookOutcome[]
}

/** A receiver's success, the outcome of an attempt nothing else was scripted for. */
export const DELIVERED: WebhookOutcome = { ok: true, statusCode: 204, durationMs: 3, error: null }

/** A webhook sender for service tests: refuses what the outbound rules refuse, and answers the scripted outcomes. */
export function memoryWebhookSender(outbound: OutboundCheck = memoryOutbound()): MemoryWebhookSender {
  const sender: MemoryWebhookSender = {
    sent: [],
    outcomes: [],
    refusal: (url) => outbound.refusal(url),
    send: async (request) => {
      sender.sent.push(request)
      return sender.outcomes.shift() ?? DELIVERED
    },
  }
  return sender
}
