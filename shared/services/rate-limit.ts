import { checkWindow, type WindowLimit } from '../domain/sliding-window.ts'
import type { Deps } from './deps.ts'

/** Seconds to wait when a key has used up its window, or undefined when one more event fits. */
export function retryAfter(deps: Deps, key: string, limit: WindowLimit): number | undefined {
  const now = deps.clock.now()
  const verdict = checkWindow(deps.store.rateLimits.recent(key, now - limit.windowMs), limit, now)
  return verdict.ok ? undefined : verdict.retryAfter
}

/** Records one event under a key. */
export function recordEvent(deps: Deps, key: string): void {
  deps.store.rateLimits.record(key, deps.clock.now())
}
