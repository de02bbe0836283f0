/**
 * Runs `then` once the browser is next idle, or after `timeoutMs` however busy it is (at once where
 * the browser cannot tell idleness); answers a way to cancel it.
 */
export function whenIdle(then: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => then(), { timeout: timeoutMs })
    return () => cancelIdleCallback(id)
  }
  const id = setTimeout(then, 0)
  return () => clearTimeout(id)
}
