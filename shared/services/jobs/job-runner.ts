import type { Deps } from '../../ports/deps.ts'
import type { Logger } from '../../ports/logger.ts'
import { type PruneRateEventsDeps, pruneRateEvents } from '../access/rate-limit.ts'
import { type PruneOAuthDeps, pruneOAuth } from '../oauth/apps.ts'
import { type QueueDueRoutinesDeps, queueDueRoutines } from '../routines/routine-runs.ts'
import { type QueueDailyRunsDeps, queueDailyRuns } from '../tidy/tidy-schedule.ts'
import { type RunNextJobDeps, runNextJob } from './job-worker.ts'

/** How often the worker looks for due jobs and daily runs. */
const TICK_MS = 1_000
/** How often counted rate-limit events past every window are forgotten. */
const PRUNE_EVERY_MS = 60 * 60_000
/** How long a live document nobody has open, with nothing left to commit, is kept before it is forgotten. */
const LIVE_DOC_KEEP_MS = 60 * 60_000

export type PruneLinksDeps = Pick<Deps, 'clock' | 'store'>

/** Forgets one-time links and single sign-on attempts that expired: they can never be used again. */
async function pruneExpiredLinks(deps: PruneLinksDeps): Promise<void> {
  const now = deps.clock.now()
  await deps.store.accountLinks.prune(now)
  await deps.store.sso.pruneAttempts(now)
}

/**
 * Forgets the live documents of pages nobody has had open for an hour and whose edits are all
 * committed: the next person to open one seeds it again from the file, so keeping it saves nothing.
 */
async function pruneLiveDocs(deps: PruneLinksDeps): Promise<void> {
  await deps.store.collab.prune(deps.clock.now() - LIVE_DOC_KEEP_MS)
}

export type StartJobRunnerDeps = PruneRateEventsDeps &
  PruneLinksDeps &
  PruneOAuthDeps &
  QueueDailyRunsDeps &
  QueueDueRoutinesDeps &
  RunNextJobDeps &
  Pick<Deps, 'clock'>

/**
 * Runs background jobs from the persisted queue, one at a time, queues each space's daily
 * tidy-up and its routines at their time, and hourly forgets rate-limit events past every window, OAuth clients
 * nobody authorized, expired one-time links and sign-in attempts, and live documents nobody has open. A job a previous process left running is taken again at start (see
 * `releaseRunning`), or once its lease ends.
 * With several instances every one runs jobs, but only the one `isLeader` names plans the daily
 * runs and prunes, so nothing is planned twice.
 */
export function startJobRunner(
  deps: StartJobRunnerDeps,
  logger: Logger,
  { isLeader = async () => true }: { isLeader?: () => Promise<boolean> } = {},
): { stop(waitMs?: number): Promise<void> } {
  let busy: Promise<void> | undefined
  let stopped = false
  let prunedAt = Number.NEGATIVE_INFINITY
  const tick = () => {
    if (busy || stopped) return
    busy = (async () => {
      try {
        if (await isLeader()) {
          if (deps.clock.now() - prunedAt >= PRUNE_EVERY_MS) {
            await pruneRateEvents(deps)
            await pruneOAuth(deps)
            await pruneExpiredLinks(deps)
            await pruneLiveDocs(deps)
            prunedAt = deps.clock.now()
          }
          await queueDailyRuns(deps)
          // A routine whose times passed while the server was down runs once now, not once per time missed.
          await queueDueRoutines(deps)
        }
        while (!stopped && (await runNextJob(deps, logger))) {
          // keep going while jobs are due
        }
      } catch (error) {
        logger.error({ err: error }, 'background job failed')
      }
    })().finally(() => {
      busy = undefined
    })
  }
  const timer = setInterval(tick, TICK_MS)
  timer.unref()
  setImmediate(tick)
  return {
    stop: async (waitMs = Number.POSITIVE_INFINITY) => {
      stopped = true
      clearInterval(timer)
      // A job still running after `waitMs` is left: the next start takes it over.
      let timeout: ReturnType<typeof setTimeout> | undefined
      const waited = new Promise<void>((resolve) => {
        if (Number.isFinite(waitMs)) timeout = setTimeout(resolve, waitMs)
      })
      await Promise.race([busy, waited])
      clearTimeout(timeout)
    },
  }
}
