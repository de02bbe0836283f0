import type { Server } from 'node:http'
import type { Deps } from '../ports/deps.ts'
import type { Logger } from '../ports/logger.ts'
import { type LiveSessions, liveSessions } from '../services/collab/live-sessions.ts'
import { startSyncScheduler } from '../services/git/sync-scheduler.ts'
import { startJobRunner } from '../services/jobs/job-runner.ts'
import { QueueClosedError } from '../services/jobs/space-queue.ts'
import { catchUpIndexes } from '../services/search/rebuild-indexes.ts'
import { startWebhookRunner } from '../services/webhooks/webhook-runner.ts'
import { checkRepositoriesAtStart } from './check-repositories-at-start.ts'
import { closeListener } from './listener.ts'
import type { NodeDeps } from './node-deps.ts'

/**
 * How long in-flight requests may take to finish once shutdown starts. With the background work
 * that follows (a job's step, commits in flight), a host stops well within the 10 s a supervisor
 * (or the desktop's shell) gives before it kills the process.
 */
export const SHUTDOWN_GRACE_MS = 5_000
/** How long a background job (a tidy run's planning, say) is waited for before the database closes; the next start takes it over. */
export const JOB_STOP_MS = 2_000

/** Background work the host stops on shutdown, once no request comes in any more. */
export type BackgroundRunner = { stop(): Promise<void> }

/** The composed dependencies as the lifecycle uses them. */
export type ComposedDeps = Pick<NodeDeps, 'deps' | 'close' | 'isLeader' | 'shared'>

/** What differs between hosts; the lifecycle does the rest, in the same order for every host. */
export type HostParts<Prepared> = {
  /** Builds the services' dependencies: the database opened (migrations applied), the adapters. */
  compose(): Promise<ComposedDeps>
  logger: Logger
  /** How often spaces with a remote are fetched. */
  syncIntervalMs: number
  /**
   * The host's own steps once the repositories are checked and stale jobs released, before it
   * listens (the first admin; the person and the engine's token), and the app it will serve.
   */
  prepare(deps: Deps, live: LiveSessions): Promise<Prepared>
  /** Opens the host's socket; the lifecycle closes it first when it stops. */
  listen(deps: Deps, prepared: Prepared): Promise<Server>
  /** Background work of the host's own (the desktop's reconnection watch), started after the shared runners. */
  runners?(deps: Deps, prepared: Prepared): BackgroundRunner[]
}

/** A started host: its dependencies, what its `prepare` gave, its socket, and how to stop it all. */
export type RunningHost<Prepared> = {
  deps: Deps
  /** The pages edited live. */
  live: LiveSessions
  prepared: Prepared
  server: Server
  /** Stops in order: the socket (in-flight requests finish), the background work, the dependencies. Idempotent. */
  stop(): Promise<void>
}

/**
 * Starts a host in the one order both hosts share: compose the dependencies, check the
 * repositories, release the jobs a dead process held, let the host prepare and listen, start the
 * background runners, and catch up the indexes. A failure on the way stops what was started.
 */
export async function startHost<Prepared>(parts: HostParts<Prepared>): Promise<RunningHost<Prepared>> {
  const { logger } = parts
  const composed = await parts.compose()
  const { deps } = composed
  let server: Server | undefined
  const runners: BackgroundRunner[] = []
  const live = liveSessions(deps, logger)
  const stopStarted = async () => {
    // Live sessions first: their people are told, and what they typed is committed while the
    // queues and the database are still open (their sockets would also hold the listener open).
    await live.stop()
    if (server) await closeListener(server, SHUTDOWN_GRACE_MS)
    // Git work already started (commits, pushes) finishes before the database closes; a job still
    // planning is left to the next start, and indexing stops between files.
    await Promise.all(runners.map((runner) => runner.stop()))
    await composed.close()
  }
  try {
    await checkRepositoriesAtStart(deps, logger)
    await releaseStaleJobs(composed, logger)
    const prepared = await parts.prepare(deps, live)
    server = await parts.listen(deps, prepared)
    runners.push(...startSharedRunners(composed, parts.syncIntervalMs, logger))
    runners.push(...(parts.runners?.(deps, prepared) ?? []))
    // Indexes are derived from Git: anything that changed while the host was down is indexed now.
    void catchUpIndexes(deps).catch((error: unknown) => {
      if (!(error instanceof QueueClosedError)) logger.error({ err: error }, 'index catch-up failed')
    })
    // Live edits a previous process received but could not commit (it was killed) are committed now.
    void live.recover().catch((error: unknown) => logger.error({ err: error }, 'live edits not recovered'))
    let stopping: Promise<void> | undefined
    const stop = () => {
      stopping ??= stopStarted().finally(() => logger.info({}, 'stopped'))
      return stopping
    }
    return { deps, live, prepared, server, stop }
  } catch (error) {
    await stopStarted().catch((cleanup: unknown) =>
      logger.error({ err: cleanup }, 'could not stop what was started'),
    )
    throw error
  }
}

/**
 * One process owns the database: the jobs a previous process held died with it, and are taken
 * again now rather than once their lease ends. Instances that share the database leave each
 * other's jobs alone: a dead one's are taken again once their lease ends.
 */
async function releaseStaleJobs({ deps, shared }: ComposedDeps, logger: Logger): Promise<void> {
  if (shared) return
  const released = await deps.store.jobs.releaseRunning(deps.clock.now())
  if (released > 0) logger.warn({ jobs: released }, 'took over jobs left running by the previous process')
}

/** The runners every host has: the sync schedule, the job runner (tidy and routine schedules), webhooks. */
function startSharedRunners(
  { deps, isLeader }: ComposedDeps,
  syncIntervalMs: number,
  logger: Logger,
): BackgroundRunner[] {
  const scheduler = startSyncScheduler(deps, syncIntervalMs, logger, { isLeader })
  const jobs = startJobRunner(deps, logger, { isLeader })
  const webhooks = startWebhookRunner(deps, logger)
  return [scheduler, { stop: () => jobs.stop(JOB_STOP_MS) }, { stop: () => webhooks.stop(JOB_STOP_MS) }]
}
