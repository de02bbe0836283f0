import { RATE_EVENTS_KEPT_MS } from '../../domain/limits.ts'
import type { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import type { RateWindow } from '../../ports/store.ts'

/** A slot taken in one or more windows, to give back when the action it was taken for did not happen. */
export type Slot = { release(): Promise<void> }

export type TakeSlotDeps = Pick<Deps, 'clock' | 'store'>

/**
 * Takes a slot in every window at once (checking and counting in one step, so requests in flight
 * together cannot all see the same free room), or throws the error `refuse` makes of the wait.
 */
export async function takeSlot(
  deps: TakeSlotDeps,
  windows: readonly RateWindow[],
  refuse: (retryAfter: number) => DomainError,
): Promise<Slot> {
  const at = deps.clock.now()
  const verdict = await deps.store.rateLimits.take(windows, at)
  if (!verdict.ok) throw refuse(verdict.retryAfter)
  let released = false
  return {
    release: async () => {
      if (released) return
      released = true
      await deps.store.rateLimits.release(
        windows.map((w) => w.key),
        at,
      )
    },
  }
}

/** Runs work that uses a slot; a failure gives the slot back, so refused attempts do not use up the limit. */
export async function withSlot<T>(slot: Slot, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    await slot.release()
    throw error
  }
}

export type PruneRateEventsDeps = Pick<Deps, 'clock' | 'store'>

/** Forgets counted events older than every window, so the table does not grow without end. */
export async function pruneRateEvents(deps: PruneRateEventsDeps): Promise<void> {
  await deps.store.rateLimits.prune(deps.clock.now() - RATE_EVENTS_KEPT_MS)
}
