/**
 * Indexing runs in the background: a write or a sync asks for it and goes on, so a failure (the
 * embeddings provider down, the database refusing a batch) reaches no caller. This says it to someone.
 */
import type { SpaceQueue } from '../ports/space-queue.ts'
import { QueueClosedError } from '../services/jobs/space-queue.ts'
import { indexLane } from '../services/search/index-space.ts'

/** A failed indexing task: the space, and whether its words and links or its vectors were being indexed. */
export type IndexFailure = { spaceId: number; part: 'words' | 'meaning'; error: unknown }

/**
 * The index queue with each task that fails reported to `report` (its promise still rejects for its
 * caller). A task dropped or stopped by the queue's closing is not a failure: the catch-up at the next
 * start does what it left.
 */
export function reportingFailures(queue: SpaceQueue, report: (failure: IndexFailure) => void): SpaceQueue {
  return {
    run: (key, task) => {
      const run = queue.run(key, task)
      run.catch((error: unknown) => {
        if (error instanceof QueueClosedError || queue.closing) return
        report({ ...indexLane(key), error })
      })
      return run
    },
    idle: () => queue.idle(),
    close: () => queue.close(),
    get closing() {
      return queue.closing
    },
  }
}
