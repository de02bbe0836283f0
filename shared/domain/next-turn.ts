/**
 * Resolves once the event loop has taken a turn: the timers, network answers and requests waiting
 * meanwhile run before the caller goes on. For long work done in slices on a server's one thread.
 */
export function nextTurn(): Promise<void> {
  return new Promise<void>((resolve) => setImmediate(resolve))
}
