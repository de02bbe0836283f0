/** Sliding-window rate limits: pure arithmetic over the times of past events. */

export type WindowLimit = { max: number; windowMs: number }

/**
 * Whether one more event fits in the window ending now, and if not, how many seconds until the
 * oldest counted event leaves it. `times` are the events' times (ms) inside the window.
 */
export function checkWindow(
  times: readonly number[],
  limit: WindowLimit,
  now: number,
): { ok: true } | { ok: false; retryAfter: number } {
  const inWindow = times.filter((t) => t > now - limit.windowMs).sort((a, b) => a - b)
  if (inWindow.length < limit.max) return { ok: true }
  const freeing = inWindow[inWindow.length - limit.max] ?? now
  return { ok: false, retryAfter: Math.max(1, Math.ceil((freeing + limit.windowMs - now) / 1000)) }
}
