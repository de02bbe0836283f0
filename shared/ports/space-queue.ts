/**
 * Runs the Git work of each space one task at a time (different spaces in parallel), so two
 * writes never race on a branch and a sync never interleaves with a write.
 */
export interface SpaceQueue {
  /** Runs `task` after every task queued before it for the same space. */
  run<T>(spaceId: number, task: () => Promise<T>): Promise<T>
  /** Resolves once no task is queued or running. */
  idle(): Promise<void>
  /**
   * Stops the queue at shutdown: tasks not started yet are dropped (their promises reject with the
   * queue's closed error), running ones are awaited. Long tasks read `closing` to stop early.
   */
  close(): Promise<void>
  /** Whether the queue is closing: a long task checks it between steps and stops early. */
  readonly closing: boolean
}
