import { and, desc, eq, lt } from 'drizzle-orm'
import type { WebhookStore } from '../../ports/webhooks.ts'
import { ATTEMPTS_KEPT, afterAttempt, toAttempt, toWebhook } from '../database/webhook-rows.ts'
import type { PgDb } from './open-database.ts'
import { webhookAttempts, webhooks } from './schema.ts'

/** The outgoing webhooks of one organization in PostgreSQL; `orgId` is part of every query. */
export function webhookStore(db: PgDb, orgId: number): WebhookStore {
  const ofOrg = (id: string) => and(eq(webhooks.id, id), eq(webhooks.orgId, orgId))
  const get = async (id: string) => {
    const [row] = await db.select().from(webhooks).where(ofOrg(id))
    return row && toWebhook(row)
  }
  return {
    list: async () =>
      (
        await db
          .select()
          .from(webhooks)
          .where(eq(webhooks.orgId, orgId))
          .orderBy(webhooks.createdAt, webhooks.id)
      ).map(toWebhook),
    get,
    create: async (webhook) => {
      const [row] = await db
        .insert(webhooks)
        .values({ ...webhook, orgId, events: webhook.events && JSON.stringify(webhook.events) })
        .returning()
      return toWebhook(row!)
    },
    delete: async (id) =>
      (await db.delete(webhooks).where(ofOrg(id)).returning({ id: webhooks.id })).length > 0,
    recordAttempt: (id, { ok, ...attempt }, disableAfter) =>
      db.transaction(async (tx) => {
        // Locked, so two attempts finishing at once count both failures.
        const [row] = await tx.select().from(webhooks).where(ofOrg(id)).for('update')
        if (!row) return undefined
        const webhook = toWebhook(row)
        const next = afterAttempt(webhook, { ok, ...attempt }, disableAfter)
        await tx.insert(webhookAttempts).values({ ...attempt, webhookId: id })
        await tx.update(webhooks).set(next).where(ofOrg(id))
        const [oldestKept] = await tx
          .select({ id: webhookAttempts.id })
          .from(webhookAttempts)
          .where(eq(webhookAttempts.webhookId, id))
          .orderBy(desc(webhookAttempts.id))
          .limit(1)
          .offset(ATTEMPTS_KEPT - 1)
        if (oldestKept)
          await tx
            .delete(webhookAttempts)
            .where(and(eq(webhookAttempts.webhookId, id), lt(webhookAttempts.id, oldestKept.id)))
        return { webhook: { ...webhook, ...next }, switchedOff: webhook.active && !next.active }
      }),
    reactivate: async (id) =>
      (
        await db
          .update(webhooks)
          .set({ active: true, failures: 0 })
          .where(ofOrg(id))
          .returning({ id: webhooks.id })
      ).length > 0,
    attempts: async (id, limit) => {
      if (!(await get(id))) return []
      return (
        await db
          .select()
          .from(webhookAttempts)
          .where(eq(webhookAttempts.webhookId, id))
          .orderBy(desc(webhookAttempts.id))
          .limit(limit)
      ).map(toAttempt)
    },
  }
}
