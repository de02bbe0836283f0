/**
 * How long a connection may hear nothing from the server before it is taken for dead. A connected
 * session hears something at least every 15 s: each presence, this person's own included, is
 * renewed that often (y-protocols' awareness) and the server passes every renewal to everyone in
 * the page. A connection cut without a word (a laptop's network gone, a proxy that stopped passing
 * anything) closes no socket for minutes; twice the renewal's interval tells it apart from a slow one.
 */
export const SILENCE_MS = 30_000

/** How often the silence is measured: a dead connection is known at most this long after SILENCE_MS. */
const SILENCE_CHECK_MS = 5_000

/**
 * Calls `onDead` once when nothing was `heard` for SILENCE_MS, counted from now. One watch per
 * socket, stopped when the socket ends; measuring on a timer rather than re-arming one on every
 * message keeps typing, which sends and hears many messages a second, free of timer churn.
 */
export function watchSilence(onDead: () => void): { heard(): void; stop(): void } {
  let last = Date.now()
  const timer = setInterval(() => {
    if (Date.now() - last < SILENCE_MS) return
    clearInterval(timer)
    onDead()
  }, SILENCE_CHECK_MS)
  return {
    heard() {
      last = Date.now()
    },
    stop() {
      clearInterval(timer)
    },
  }
}

/** Where the browser says it lost or found its network (`window`, or a stand-in in tests). */
export type NetworkEvents = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>

/**
 * Listens to the browser's `offline` and `online` events until the returned function is called.
 * `offline` is said the moment the operating system drops the network, long before a socket
 * notices; `online` says a new attempt is worth making now rather than after the next backoff.
 */
export function watchNetwork(
  target: NetworkEvents | undefined,
  on: { offline: () => void; online: () => void },
): () => void {
  if (!target) return () => undefined
  const offline = () => on.offline()
  const online = () => on.online()
  target.addEventListener('offline', offline)
  target.addEventListener('online', online)
  return () => {
    target.removeEventListener('offline', offline)
    target.removeEventListener('online', online)
  }
}
