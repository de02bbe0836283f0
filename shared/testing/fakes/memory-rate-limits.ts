import { checkWindow } from '../../domain/sliding-window.ts'
import type { RateLimitStore } from '../../ports/store.ts'
import type { Sync } from '../../ports/sync.ts'
import { memoryPort } from './memory-port.ts'
import type { MemoryTables } from './memory-tables.ts'

/** Sliding-window counters in memory: each call is whole, as each SQLite transaction is. */
export function memoryRateLimits(tables: MemoryTables): RateLimitStore {
  const recent = (key: string, since: number) =>
    tables.rateEvents
      .filter((event) => event.key === key && event.at > since)
      .map((event) => event.at)
      .sort((a, b) => a - b)
  const store: Sync<RateLimitStore> = {
    recent,
    record: (key, at) => {
      tables.rateEvents.push({ key, at })
    },
    take: (windows, at) => {
      let wait = 0
      for (const { key, limit } of windows) {
        const verdict = checkWindow(recent(key, at - limit.windowMs), limit, at)
        if (!verdict.ok) wait = Math.max(wait, verdict.retryAfter)
      }
      if (wait > 0) return { ok: false, retryAfter: wait }
      for (const { key } of windows) tables.rateEvents.push({ key, at })
      return { ok: true }
    },
    release: (keys, at) => {
      for (const key of keys) {
        // Of identical events, one goes (the first recorded, as SQLite picks by rowid).
        const index = tables.rateEvents.findIndex((event) => event.key === key && event.at === at)
        if (index >= 0) tables.rateEvents.splice(index, 1)
      }
    },
    prune: (before) => {
      tables.rateEvents = tables.rateEvents.filter((event) => event.at >= before)
    },
  }
  return memoryPort(store)
}
