/**
 * Whether the person is at the screen, as the app's requests tell the server: a web session lapses
 * after days without the person, and a tab left open still asks for things by itself (a colleague's
 * saves read again, queries read again when the network comes back). After AWAY_AFTER_MS without a
 * key, a click, a scroll or a touch, its requests say the person is away (`X-Quire-Away: 1`), and the
 * server does not keep the session alive for them.
 */
export const AWAY_AFTER_MS = 30 * 60_000

const INPUTS = ['keydown', 'pointerdown', 'wheel', 'touchstart'] as const

let lastInput = Date.now()

/** Starts counting the person's input on `target` (the window); answers a way to stop. */
export function watchPresence(
  target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>,
): () => void {
  const seen = () => {
    lastInput = Date.now()
  }
  for (const type of INPUTS) target.addEventListener(type, seen, { capture: true, passive: true })
  return () => {
    for (const type of INPUTS) target.removeEventListener(type, seen, { capture: true })
  }
}

/** The header the app's requests carry while the person is away, none while they are here. */
export function presenceHeaders(now = Date.now()): Record<string, string> {
  return now - lastInput >= AWAY_AFTER_MS ? { 'X-Quire-Away': '1' } : {}
}
