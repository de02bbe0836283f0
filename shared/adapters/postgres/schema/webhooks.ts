import { bigint, boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { millis } from './columns.ts'
import { organizations } from './organizations.ts'

/** An organization's outgoing webhooks and the log of their deliveries. */

/** An organization's outgoing webhooks; the secret is sealed with the server's key. */
export const webhooks = pgTable(
  'webhooks',
  {
    id: text('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** JSON array of event names, or null for every event. */
    events: text('events'),
    secretSealed: text('secret_sealed').notNull(),
    active: boolean('active').notNull().default(true),
    failures: integer('failures').notNull().default(0),
    lastDeliveryAt: millis('last_delivery_at'),
    lastStatus: integer('last_status'),
    createdAt: millis('created_at').notNull(),
  },
  (t) => [index('webhooks_org').on(t.orgId)],
)

/** Each attempt to deliver an event to a webhook, for the person debugging its receiver. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    webhookId: text('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    /** The event's `webhook-id`: the same for every attempt at one event. */
    messageId: text('message_id').notNull(),
    event: text('event').notNull(),
    attempt: integer('attempt').notNull(),
    at: millis('at').notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
  },
  (t) => [index('webhook_attempts_webhook').on(t.webhookId, t.id)],
)
