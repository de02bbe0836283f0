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

export type MeaningRetryDeps = Pick<Deps, 'clock' | 'store'>

/**
 * Asks for the space's fill again once the wait its `failed` failures in a row before this one call
 * for is over (none: the shortest).
 */
export async function retryMeaningLater(
  deps: MeaningRetryDeps,
  spaceId: number,
  failed: number,
): Promise<void> {
  const now = deps.clock.now()
  const runAt = now + MEANING_RETRY_DELAYS_MS[Math.min(failed, MEANING_RETRY_DELAYS_MS.length - 1)]!
  const payload = { space: spaceId }
  // A retry already waiting for this space waits until then instead: one at a time.
  if (await deps.store.jobs.postpone(spaceId, MEANING_RETRY_JOB, payload, runAt)) return
  await deps.store.jobs.enqueue({ kind: MEANING_RETRY_JOB, spaceId, payload, runAt }, now)
}
