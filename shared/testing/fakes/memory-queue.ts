import type { SpaceQueue } from '../../ports/space-queue.ts'
import { createSpaceQueue } from '../../services/jobs/space-queue.ts'

/**
 * The SpaceQueue of service tests. The in-process queue already holds nothing but promises, so the
 * fake is that queue itself: a test gets the ordering the services really run with.
 */
export function memoryQueue(): SpaceQueue {
  return createSpaceQueue()
}
