/**
 * Runs the Git work of each space one task at a time (different spaces in parallel), so two
 * writes never race on a branch and a sync never interleaves with a write.
 */
export type SpaceQueue = {
  run<T>(spaceId: number, task: () => Promise<T>): Promise<T>
  idle(): Promise<void>
}

/** A queue per space, in memory (one server process owns a space's repository). */
export function createSpaceQueue(): SpaceQueue {
  const tails = new Map<number, Promise<unknown>>()
  return {
    run: <T>(spaceId: number, task: () => Promise<T>) => {
      const previous = tails.get(spaceId) ?? Promise.resolve()
      const next = previous.then(task, task)
      const tail = next.catch(() => undefined)
      tails.set(spaceId, tail)
      void tail.then(() => {
        if (tails.get(spaceId) === tail) tails.delete(spaceId)
      })
      return next
    },
    idle: async () => {
      while (tails.size > 0) await Promise.all(tails.values())
    },
  }
}
