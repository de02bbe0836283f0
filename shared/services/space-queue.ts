/**
 * Runs the Git work of each space one task at a time (different spaces in parallel), so two
 * writes never race on a branch and a sync never interleaves with a write.
 */
export type SpaceQueue = {
  run<T>(spaceId: number, task: () => Promise<T>): Promise<T>
  idle(): Promise<void>
  /**
   * Stops the queue at shutdown: tasks not started yet are dropped (their promises reject with
   * QueueClosedError), running ones are awaited. Long tasks read `closing` to stop early.
   */
  close(): Promise<void>
  /** Whether the queue is closing: a long task checks it between steps and stops early. */
  readonly closing: boolean
}

/** The error of a task dropped because its queue closed before the task's turn came. */
export class QueueClosedError extends Error {
  constructor() {
    super('the queue was closed before this task started')
    this.name = 'QueueClosedError'
  }
}

/** A queue per space, in memory (one server process owns a space's repository). */
export function createSpaceQueue(): SpaceQueue {
  const tails = new Map<number, Promise<unknown>>()
  let closing = false
  const idle = async () => {
    while (tails.size > 0) await Promise.all(tails.values())
  }
  return {
    run: <T>(spaceId: number, task: () => Promise<T>) => {
      const previous = tails.get(spaceId) ?? Promise.resolve()
      const guarded = () => (closing ? Promise.reject(new QueueClosedError()) : task())
      const next = previous.then(guarded, guarded)
      const tail = next.catch(() => undefined)
      tails.set(spaceId, tail)
      void tail.then(() => {
        if (tails.get(spaceId) === tail) tails.delete(spaceId)
      })
      return next
    },
    idle,
    close: async () => {
      closing = true
      await idle()
    },
    get closing() {
      return closing
    },
  }
}
