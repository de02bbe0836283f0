import { and, eq, gt, lt } from 'drizzle-orm'
import type { RateLimitStore } from '../../ports/store.ts'
import type { Db } from './open-database.ts'
import { rateEvents } from './schema.ts'

/** Sliding-window counters in SQLite, so limits survive restarts. */
export function rateLimitStore(db: Db): RateLimitStore {
  return {
    recent: (key, since) =>
      db
        .select({ at: rateEvents.at })
        .from(rateEvents)
        .where(and(eq(rateEvents.key, key), gt(rateEvents.at, since)))
        .all()
        .map((row) => row.at),
    record: (key, at) => {
      db.insert(rateEvents).values({ key, at }).run()
    },
    prune: (before) => {
      db.delete(rateEvents).where(lt(rateEvents.at, before)).run()
    },
  }
}
