import type { WindowLimit } from '../domain/sliding-window.ts'

/** One sliding window a slot is taken in: the events counted under `key`, at most `limit.max`. */
export type RateWindow = { key: string; limit: WindowLimit }

/** Sliding-window counters of events (sign-ins, drops, tidy runs). */
export interface RateLimitStore {
  /** Times (ms) of the events recorded under a key since `since`. */
  recent(key: string, since: number): Promise<number[]>
  /** Records one event under a key, whatever its window holds (for imports and tests). */
  record(key: string, at: number): Promise<void>
  /**
   * Takes a slot in every window at `at`, in one transaction: when each has room, records one event
   * under each key; otherwise records nothing and says how many seconds until all of them have room.
   */
  take(windows: readonly RateWindow[], at: number): Promise<{ ok: true } | { ok: false; retryAfter: number }>
  /** Gives back a slot taken at `at`: removes one event recorded at that time under each key. */
  release(keys: readonly string[], at: number): Promise<void>
  /** Forgets events older than `before`, across keys. */
  prune(before: number): Promise<void>
}
