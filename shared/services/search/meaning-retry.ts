/**
 * A space's meaning fill that failed (its embeddings provider down, out of quota) is tried again by a
 * job, sooner at first, then less often: the provider may be back long before the space's next change,
 * which would otherwise be the next fill. One retry waits per space; a fill that succeeds starts over.
 */
import type { Deps } from '../../ports/deps.ts'

/** The kind of the job that asks for a space's meaning fill again. */
export const MEANING_RETRY_JOB = 'meaning-retry'

/** The wait before each retry after a failed fill; the last one repeats. */
export const MEANING_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000]

export type MeaningRetryDeps = Pick<Deps, 'clock' | 'indexQueue' | 'store'>

/** Per index queue, the fills of each space that failed in a row. */
const failures = new WeakMap<object, Map<number, number>>()

function failuresOf(deps: MeaningRetryDeps): Map<number, number> {
  const found = failures.get(deps.indexQueue) ?? new Map<number, number>()
  failures.set(deps.indexQueue, found)
  return found
}

/** Notes a failed fill of the space, and asks for another after the wait its failures in a row call for. */
export async function retryMeaningLater(deps: MeaningRetryDeps, spaceId: number): Promise<void> {
  const counts = failuresOf(deps)
  const failed = counts.get(spaceId) ?? 0
  counts.set(spaceId, failed + 1)
  const now = deps.clock.now()
  const runAt = now + MEANING_RETRY_DELAYS_MS[Math.min(failed, MEANING_RETRY_DELAYS_MS.length - 1)]!
  const payload = { space: spaceId }
  // A retry already waiting for this space waits until then instead: one at a time.
  if (await deps.store.jobs.postpone(spaceId, MEANING_RETRY_JOB, payload, runAt)) return
  await deps.store.jobs.enqueue({ kind: MEANING_RETRY_JOB, spaceId, payload, runAt }, now)
}

/**
 * Notes a fill of the space that succeeded: the next failure waits the shortest time again. A retry
 * still waiting (a change of the space came first) finds nothing to do when it runs.
 */
export function meaningFilled(deps: MeaningRetryDeps, spaceId: number): void {
  failuresOf(deps).delete(spaceId)
}
