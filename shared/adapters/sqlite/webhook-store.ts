import { and, desc, eq, lt } from 'drizzle-orm'
import type { Sync } from '../../ports/sync.ts'
import type { WebhookStore } from '../../ports/webhooks.ts'
import { ATTEMPTS_KEPT, afterAttempt, toAttempt, toWebhook } from '../database/webhook-rows.ts'
import type { Db } from './open-database.ts'
import { webhookAttempts, webhooks } from './schema.ts'

/** The outgoing webhooks of one organization in SQLite; `orgId` is part of every query. */
export function webhookStore(db: Db, orgId: number): Sync<WebhookStore> {
  const ofOrg = (id: string) => and(eq(webhooks.id, id), eq(webhooks.orgId, orgId))
  const get = (id: string) => {
    const row = db.select().from(webhooks).where(ofOrg(id)).get()
    return row && toWebhook(row)
  }
  return {
    list: () =>
      db
        .select()
        .from(webhooks)
        .where(eq(webhooks.orgId, orgId))
        .orderBy(webhooks.createdAt, webhooks.id)
        .all()
        .map(toWebhook),
    get,
    create: (webhook) =>
      toWebhook(
        db
          .insert(webhooks)
          .values({ ...webhook, orgId, events: webhook.events && JSON.stringify(webhook.events) })
          .returning()
          .get(),
      ),
    delete: (id) => db.delete(webhooks).where(ofOrg(id)).run().changes > 0,
    recordAttempt: (id, { ok, ...attempt }, disableAfter) =>
      db.transaction(() => {
        const webhook = get(id)
        if (!webhook) return undefined
        const next = afterAttempt(webhook, { ok, ...attempt }, disableAfter)
        db.insert(webhookAttempts)
          .values({ ...attempt, webhookId: id })
          .run()
        db.update(webhooks).set(next).where(ofOrg(id)).run()
        const oldestKept = db
          .select({ id: webhookAttempts.id })
          .from(webhookAttempts)
          .where(eq(webhookAttempts.webhookId, id))
          .orderBy(desc(webhookAttempts.id))
          .limit(1)
          .offset(ATTEMPTS_KEPT - 1)
          .get()
        if (oldestKept)
          db.delete(webhookAttempts)
            .where(and(eq(webhookAttempts.webhookId, id), lt(webhookAttempts.id, oldestKept.id)))
            .run()
        return { webhook: { ...webhook, ...next }, switchedOff: webhook.active && !next.active }
      }),
    reactivate: (id) =>
      db.update(webhooks).set({ active: true, failures: 0 }).where(ofOrg(id)).run().changes > 0,
    attempts: (id, limit) => {
      if (!get(id)) return []
      return db
        .select()
        .from(webhookAttempts)
        .where(eq(webhookAttempts.webhookId, id))
        .orderBy(desc(webhookAttempts.id))
        .limit(limit)
        .all()
        .map(toAttempt)
    },
  }
}
