import { createHash } from 'node:crypto'
import { and, eq, gt, lt, sql } from 'drizzle-orm'
import { checkWindow } from '../../domain/sliding-window.ts'
import type { RateLimitStore } from '../../ports/store.ts'
import { LOCK_NAMESPACE, type PgDb } from './open-database.ts'
import { rateEvents } from './schema.ts'

/**
 * The second advisory-lock key of a rate-limit key: 32 bits of its digest. Two keys sharing one only
 * wait for each other; the same goes for a lock of another kind it happens to meet.
 */
function lockOf(key: string): number {
  return createHash('sha256').update(`rate:${key}`).digest().readInt32BE(0)
}

/**
 * Serializes the callers counting under these keys until the transaction ends, across connections
 * and instances. Locks are taken in one order (by number), so two callers sharing keys never deadlock.
 */
async function lockKeys(tx: PgDb, keys: readonly string[]): Promise<void> {
  const locks = [...new Set(keys.map(lockOf))].sort((a, b) => a - b)
  for (const lock of locks) await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_NAMESPACE}, ${lock})`)
}

/** Sliding-window counters in PostgreSQL, shared by every instance. */
export function rateLimitStore(db: PgDb): RateLimitStore {
  const recent = async (tx: PgDb, key: string, since: number) =>
    (
      await tx
        .select({ at: rateEvents.at })
        .from(rateEvents)
        .where(and(eq(rateEvents.key, key), gt(rateEvents.at, since)))
    ).map((row) => row.at)
  return {
    recent: (key, since) => recent(db, key, since),
    record: async (key, at) => {
      await db.insert(rateEvents).values({ key, at })
    },
    take: (windows, at) =>
      db.transaction(async (tx) => {
        // Each statement after the locks sees what the previous holders committed: no two callers
        // can count the same free slot.
        await lockKeys(
          tx,
          windows.map((w) => w.key),
        )
        let wait = 0
        for (const { key, limit } of windows) {
          const verdict = checkWindow(await recent(tx, key, at - limit.windowMs), limit, at)
          if (!verdict.ok) wait = Math.max(wait, verdict.retryAfter)
        }
        if (wait > 0) return { ok: false as const, retryAfter: wait }
        if (windows.length > 0) await tx.insert(rateEvents).values(windows.map(({ key }) => ({ key, at })))
        return { ok: true as const }
      }),
    release: (keys, at) =>
      db.transaction(async (tx) => {
        // Under the keys' locks, two callers giving back a slot each remove two events, not one twice.
        await lockKeys(tx, keys)
        for (const key of keys) {
          // The table has no key of its own: one of the identical rows goes, by its physical address.
          await tx.execute(
            sql`DELETE FROM ${rateEvents} WHERE ctid = (SELECT ctid FROM ${rateEvents} WHERE ${rateEvents.key} = ${key} AND ${rateEvents.at} = ${at} LIMIT 1)`,
          )
        }
      }),
    prune: async (before) => {
      await db.delete(rateEvents).where(lt(rateEvents.at, before))
    },
  }
}
