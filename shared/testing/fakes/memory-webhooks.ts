import { ATTEMPTS_KEPT, afterAttempt } from '../../adapters/database/webhook-rows.ts'
import type { Sync } from '../../ports/sync.ts'
import type { Webhook, WebhookAttempt, WebhookStore } from '../../ports/webhooks.ts'
import { memoryPort } from './memory-port.ts'
import {
  byBinary,
  fields,
  limited,
  type MemoryTables,
  mustBeNew,
  mustRefer,
  nextId,
  pick,
} from './memory-tables.ts'

const WEBHOOK = fields<Webhook>({
  id: true,
  orgId: true,
  url: true,
  events: true,
  secretSealed: true,
  active: true,
  failures: true,
  lastDeliveryAt: true,
  lastStatus: true,
  createdAt: true,
})

const ATTEMPT = fields<WebhookAttempt>({
  messageId: true,
  event: true,
  attempt: true,
  at: true,
  statusCode: true,
  durationMs: true,
  error: true,
})

/** The outgoing webhooks of one organization in memory, and their latest attempts, as in SQLite. */
export function memoryWebhooks(tables: MemoryTables, orgId: number): WebhookStore {
  const get = (id: string) => {
    const webhook = tables.webhooks.get(id)
    return webhook?.orgId === orgId ? webhook : undefined
  }
  const attemptsOf = (id: string) =>
    tables.webhookAttempts.filter((row) => row.webhookId === id).sort((a, b) => b.id - a.id)
  const store: Sync<WebhookStore> = {
    list: () =>
      [...tables.webhooks.values()]
        .filter((webhook) => webhook.orgId === orgId)
        .sort((a, b) => a.createdAt - b.createdAt || byBinary(a.id, b.id)),
    get,
    create: (webhook) => {
      mustRefer(tables.organizations.has(orgId), 'webhooks.org_id')
      mustBeNew(tables.webhooks.has(webhook.id), 'webhooks.id')
      const row = pick(
        { ...webhook, orgId, active: true, failures: 0, lastDeliveryAt: null, lastStatus: null },
        WEBHOOK,
      )
      tables.webhooks.set(row.id, row)
      return row
    },
    delete: (id) => {
      if (!get(id)) return false
      tables.webhooks.delete(id)
      tables.webhookAttempts = tables.webhookAttempts.filter((row) => row.webhookId !== id)
      return true
    },
    recordAttempt: (id, attempt, disableAfter) => {
      const webhook = get(id)
      if (!webhook) return undefined
      const next = afterAttempt(webhook, attempt, disableAfter)
      tables.webhookAttempts.push({
        id: nextId(tables, 'rows'),
        webhookId: id,
        attempt: pick(attempt, ATTEMPT),
      })
      const forgotten = new Set(attemptsOf(id).slice(ATTEMPTS_KEPT))
      if (forgotten.size > 0)
        tables.webhookAttempts = tables.webhookAttempts.filter((row) => !forgotten.has(row))
      const switchedOff = webhook.active && !next.active
      Object.assign(webhook, next)
      return { webhook, switchedOff }
    },
    reactivate: (id) => {
      const webhook = get(id)
      if (webhook) Object.assign(webhook, { active: true, failures: 0 })
      return webhook !== undefined
    },
    attempts: (id, limit) => {
      if (!get(id)) return []
      return limited(attemptsOf(id), limit).map((row) => row.attempt)
    },
  }
  return memoryPort(store)
}
