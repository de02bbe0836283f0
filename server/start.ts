import { randomBytes } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import { SecuredServerResponse } from '#shared/adapters/http/secured-server-response.ts'
import { serveWebApp } from '#shared/adapters/web/serve-web-app.ts'
import { createApp } from '#shared/api/app.ts'
import type { Deps } from '#shared/ports/deps.ts'
import type { Logger } from '#shared/ports/logger.ts'
import { bootstrapAdmin } from '#shared/services/accounts/bootstrap-admin.ts'
import { checkRepositories } from '#shared/services/git/check-repositories.ts'
import { startSyncScheduler } from '#shared/services/git/sync-scheduler.ts'
import { startJobRunner } from '#shared/services/jobs/job-runner.ts'
import { QueueClosedError } from '#shared/services/jobs/space-queue.ts'
import { catchUpIndexes } from '#shared/services/search/rebuild-indexes.ts'
import { startWebhookRunner } from '#shared/services/webhooks/webhook-runner.ts'
import { addressMatcher, clientAddress } from './client-address.ts'
import type { Config } from './config.ts'
import { buildDeps } from './deps.ts'
import { ownOrigins } from './own-origins.ts'
import { hostRoutes } from './routes.ts'
import { WEB_APP_DIR } from './web-build.ts'

/**
 * How long in-flight requests may take to finish once shutdown starts. With the background work
 * that follows (a job's step, commits in flight), the server stops well within the 10 s a
 * supervisor gives before `kill -9`.
 */
const SHUTDOWN_GRACE_MS = 5_000
/** How long a background job (a tidy run's planning, say) is waited for before the database closes; the next start takes it over. */
const JOB_STOP_MS = 2_000

export type RunningServer = { url: string; deps: Deps; close(): Promise<void> }

/**
 * The composition root of the hosted server: opens the database (applying migrations), builds the
 * services' dependencies, creates the first super admin on first start, and listens.
 */
export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  const { deps, close: closeDeps, isLeader, shared } = await buildDeps(config, logger)
  await checkRepositoriesAtStart(deps, logger)
  // One process owns the database: the jobs a previous process held died with it. Instances that
  // share the database leave each other's jobs alone: a dead one's are taken again once their lease ends.
  const released = shared ? 0 : await deps.store.jobs.releaseRunning(deps.clock.now())
  if (released > 0) logger.warn({ jobs: released }, 'took over jobs left running by the previous process')
  await createFirstAdmin(deps, config, logger)

  const isTrustedProxy = addressMatcher(config.trustedProxies)
  // Known once listening: with port 0 the system picks it. No request arrives before.
  let origins: string[] = []
  let url = ''
  const clientIp = (request: Request, env: unknown) =>
    clientAddress(
      (env as { incoming?: { socket?: { remoteAddress?: string } } }).incoming?.socket?.remoteAddress,
      request.headers.get('x-forwarded-for') ?? undefined,
      isTrustedProxy,
    )
  const app = createApp(deps, {
    baseUrl: config.baseUrl,
    ownOrigins: () => origins,
    apiDocs: config.apiDocs,
    webApp: serveWebApp(WEB_APP_DIR),
    logger,
    clientIp,
    routes: hostRoutes(deps, {
      baseUrl: () => config.baseUrl ?? url,
      ownOrigins: () => (config.baseUrl ? [new URL(config.baseUrl).origin] : origins),
      listening: () => origins,
      clientIp,
      logger,
    }),
  })
  const server = await new Promise<Server>((resolve, reject) => {
    const s = serve(
      {
        fetch: app.fetch,
        port: config.port,
        hostname: config.host,
        serverOptions: { ServerResponse: SecuredServerResponse },
      },
      () => resolve(s as Server),
    )
    s.once('error', reject)
  })
  const scheduler = startSyncScheduler(deps, config.syncIntervalMs, logger, { isLeader })
  const jobs = startJobRunner(deps, logger, { isLeader })
  const webhooks = startWebhookRunner(deps, logger)
  // Indexes are derived from Git: anything that changed while the server was down is indexed now.
  void catchUpIndexes(deps).catch((error: unknown) => {
    if (!(error instanceof QueueClosedError)) logger.error({ err: error }, 'index catch-up failed')
  })
  const { port } = server.address() as AddressInfo
  origins = ownOrigins(config.host, port)
  url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`
  logger.info({ url, dataDir: config.dataDir, apiDocs: config.apiDocs }, 'listening')

  let closing: Promise<void> | undefined
  const close = () => {
    closing ??= new Promise<void>((resolve) => {
      // Stop accepting, let in-flight requests finish, then close the database.
      const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS)
      // Connections that finish their last request during shutdown are closed as soon as they idle.
      const sweep = setInterval(() => server.closeIdleConnections(), 50)
      server.close(() => {
        clearTimeout(force)
        clearInterval(sweep)
        // Git work already started (commits, pushes) finishes before the database closes; a job
        // still planning is left to the next start, and indexing stops between files.
        void Promise.all([scheduler.stop(), jobs.stop(JOB_STOP_MS), webhooks.stop(JOB_STOP_MS)])
          .then(() => closeDeps())
          .finally(() => {
            logger.info({}, 'stopped')
            resolve()
          })
      })
      server.closeIdleConnections()
    })
    return closing
  }
  return { url, deps, close }
}

/** Checks every space's repository before serving, and logs what was repaired or found damaged. */
async function checkRepositoriesAtStart(deps: Deps, logger: Logger): Promise<void> {
  const started = Date.now()
  const checks = await checkRepositories(deps)
  for (const { space, check } of checks) {
    if (check.status === 'repaired')
      logger.error(
        { space: space.id, head: check.head, damagedHead: check.damagedHead, source: check.source },
        'repository repaired: its branch was damaged and was restored to its newest intact commit',
      )
    else if (check.status === 'damaged')
      logger.error(
        { space: space.id, damagedHead: check.damagedHead },
        'repository damaged: no intact state found; restore it from a backup or its remote',
      )
    else if (check.status === 'missing')
      logger.error({ space: space.id }, 'repository missing: restore it from a backup')
    else if (check.status === 'recreated')
      logger.error(
        { space: space.id },
        'repository missing: prepared again, the next sync fetches it from its remote',
      )
    else if (check.removed > 0)
      logger.info({ space: space.id, removed: check.removed }, 'removed leftovers of interrupted writes')
  }
  logger.info({ spaces: checks.length, ms: Date.now() - started }, 'repositories checked')
}

/** On the first start (no account), creates the super admin, with SERVICE_ADMIN_TOKEN registered when set. */
async function createFirstAdmin(deps: Deps, config: Config, logger: Logger): Promise<void> {
  if ((await deps.store.accounts.count()) > 0) return
  let password = config.adminPassword
  if (!password) {
    // No password given: make one and leave it where only the server's owner can read it.
    password = randomBytes(18).toString('base64url')
    const file = join(config.dataDir, 'initial-admin-password')
    writeFileSync(file, `${password}\n`, { mode: 0o600 })
    logger.warn(
      { username: config.adminUsername, file },
      'first start: the super admin password was written to a file',
    )
  }
  await bootstrapAdmin(deps, { username: config.adminUsername, password, token: config.adminToken })
  logger.info(
    { username: config.adminUsername, token: config.adminToken ? 'registered' : 'none' },
    'first start: super admin created',
  )
}
