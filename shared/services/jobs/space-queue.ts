import type { SpaceQueue } from '../../ports/space-queue.ts'

/** The error of a task dropped because its queue closed before the task's turn came. */
export class QueueClosedError extends Error {
  constructor() {
    super('the queue was closed before this task started')
    this.name = 'QueueClosedError'
  }
}

/** The SpaceQueue port in memory, a queue per space (one process owns a space's repository). */
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
