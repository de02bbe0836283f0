import type { Deps } from '../../ports/deps.ts'
import type { Logger } from '../../ports/logger.ts'
import { type DueSpacesDeps, dueSpaces, type SyncSpaceDeps, syncSpace } from './sync-space.ts'

/** How often, at most, the scheduler looks for spaces whose periodic sync or retry is due. */
const TICK_MS = 5_000

export type StartSyncSchedulerDeps = DueSpacesDeps & SyncSpaceDeps & Pick<Deps, 'queue'>

/**
 * Fetches every space with a remote each `intervalMs`, and retries failed pushes with backoff
 * (the next attempt time is kept in the database, so a restart resumes the retries).
 */
export function startSyncScheduler(
  deps: StartSyncSchedulerDeps,
  intervalMs: number,
  logger: Logger,
  { isLeader = async () => true }: { isLeader?: () => Promise<boolean> } = {},
): { stop(): Promise<void> } {
  const running = new Set<number>()
  const syncDue = async () => {
    // With several instances, one plans the syncs; the space's lock keeps each sync single anyway.
    if (!(await isLeader())) return
    for (const { orgStore, space } of await dueSpaces(deps, intervalMs)) {
      if (running.has(space.id)) continue
      running.add(space.id)
      syncSpace(deps, orgStore, space)
        .then((result) => {
          if (result.status === 'error')
            logger.warn({ space: space.id, error: result.error }, 'sync failed; will retry')
        })
        .catch((error: unknown) => logger.error({ err: error, space: space.id }, 'sync crashed'))
        .finally(() => running.delete(space.id))
    }
  }
  // A database that cannot answer now is asked again at the next tick.
  const tick = () => {
    syncDue().catch((error: unknown) => logger.error({ err: error }, 'could not list the spaces to sync'))
  }
  const timer = setInterval(tick, Math.min(TICK_MS, intervalMs))
  timer.unref()
  setImmediate(tick)
  return {
    stop: async () => {
      clearInterval(timer)
      await deps.queue.idle()
    },
  }
}
