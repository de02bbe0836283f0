import type { Webhook, WebhookAttempt } from '../../ports/webhooks.ts'

type WebhookRow = Omit<Webhook, 'events'> & { events: string | null }

/** Attempts kept per webhook: the list a person reads is the last 100; older ones are forgotten. */
export const ATTEMPTS_KEPT = 500

/** A webhook row with its event list read back from JSON. */
export function toWebhook(row: WebhookRow): Webhook {
  return { ...row, events: row.events === null ? null : (JSON.parse(row.events) as string[]) }
}

/** An attempt row without its table's own columns. */
export function toAttempt(row: WebhookAttempt & { id: number; webhookId: string }): WebhookAttempt {
  const { id: _id, webhookId: _webhook, ...attempt } = row
  return attempt
}

/** The webhook's columns after one attempt: failures counted, and switched off at the threshold. */
export function afterAttempt(
  webhook: Webhook,
  attempt: { ok: boolean; at: number; statusCode: number | null },
  disableAfter: number,
): Pick<Webhook, 'failures' | 'active' | 'lastDeliveryAt' | 'lastStatus'> {
  const failures = attempt.ok ? 0 : webhook.failures + 1
  return {
    failures,
    active: webhook.active && failures < disableAfter,
    lastDeliveryAt: attempt.at,
    lastStatus: attempt.statusCode,
  }
}
