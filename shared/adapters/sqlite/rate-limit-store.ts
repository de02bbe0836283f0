import { and, eq, gt, lt, sql } from 'drizzle-orm'
import { checkWindow } from '../../domain/sliding-window.ts'
import type { RateLimitStore } from '../../ports/store.ts'
import type { Sync } from '../../ports/sync.ts'
import type { Db } from './open-database.ts'
import { rateEvents } from './schema.ts'

/** Sliding-window counters in SQLite, so limits survive restarts. */
export function rateLimitStore(db: Db): Sync<RateLimitStore> {
  const recent = (key: string, since: number) =>
    db
      .select({ at: rateEvents.at })
      .from(rateEvents)
      .where(and(eq(rateEvents.key, key), gt(rateEvents.at, since)))
      .all()
      .map((row) => row.at)
  return {
    recent,
    record: (key, at) => {
      db.insert(rateEvents).values({ key, at }).run()
    },
    take: (windows, at) =>
      // Immediate: another process sharing the file cannot count the same free slot in between.
      db.transaction(
        () => {
          let wait = 0
          for (const { key, limit } of windows) {
            const verdict = checkWindow(recent(key, at - limit.windowMs), limit, at)
            if (!verdict.ok) wait = Math.max(wait, verdict.retryAfter)
          }
          if (wait > 0) return { ok: false as const, retryAfter: wait }
          for (const { key } of windows) db.insert(rateEvents).values({ key, at }).run()
          return { ok: true as const }
        },
        { behavior: 'immediate' },
      ),
    release: (keys, at) => {
      db.transaction(() => {
        for (const key of keys) {
          // The table has no key of its own: one of the identical rows goes, by SQLite's rowid.
          db.delete(rateEvents)
            .where(
              sql`rowid = (select rowid from ${rateEvents} where ${rateEvents.key} = ${key} and ${rateEvents.at} = ${at} limit 1)`,
            )
            .run()
        }
      })
    },
    prune: (before) => {
      db.delete(rateEvents).where(lt(rateEvents.at, before)).run()
    },
  }
}
