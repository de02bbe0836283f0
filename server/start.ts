import { randomBytes } from 'node:crypto'
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { serveWebApp } from '#shared/adapters/web/serve-web-app.ts'
import { createApp } from '#shared/api/app.ts'
import { isUsername } from '#shared/domain/identifiers.ts'
import { PASSWORD_MIN } from '#shared/domain/limits.ts'
import { DomainError } from '#shared/errors/domain-error.ts'
import { StartRefused } from '#shared/errors/start-refused.ts'
import { checkSecretKey } from '#shared/host/check-secret-key.ts'
import { SHUTDOWN_GRACE_MS, startHost } from '#shared/host/lifecycle.ts'
import { closeListener, listenOn } from '#shared/host/listener.ts'
import type { Deps } from '#shared/ports/deps.ts'
import type { Logger } from '#shared/ports/logger.ts'
import { bootstrapAdmin } from '#shared/services/accounts/bootstrap-admin.ts'
import type { LiveSessions } from '#shared/services/collab/live-sessions.ts'
import { addressMatcher, clientAddress } from './client-address.ts'
import { type Config, METRICS_TOKEN_MIN } from './config.ts'
import { lockDataFolder } from './data-folder-lock.ts'
import { buildDeps } from './deps.ts'
import { meterDeps } from './metered-deps.ts'
import { countRequests, listenForMetrics, metricsEndpoint } from './metrics-routes.ts'
import { refuseIfMoved } from './moved-marker.ts'
import { isWildcard, ownOrigins } from './own-origins.ts'
import { hostRoutes } from './routes.ts'
import { markRunning } from './running-marker.ts'
import { WEB_APP_DIR } from './web-build.ts'

export type RunningServer = {
  url: string
  /** Where the metrics are scraped, when they are on. */
  metricsUrl?: string
  deps: Deps
  live: LiveSessions
  close(): Promise<void>
}

/**
 * The composition root of the hosted server: opens the database (applying migrations), builds the
 * services' dependencies, creates the first super admin on first start, and listens. What it shares
 * with the desktop engine (checks, background work, shutdown order) is the host lifecycle's.
 */
export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  // An SQLite installation is one process: a second on the folder is refused before it writes.
  let unlock = () => {}
  if (!config.databaseUrl) {
    mkdirSync(config.dataDir, { recursive: true, mode: 0o700 })
    refuseIfMoved(config.dataDir, 'the server')
    unlock = lockDataFolder(config.dataDir)
  }
  try {
    return await startLocked(config, logger, unlock)
  } catch (error) {
    unlock()
    throw error
  }
}

async function startLocked(config: Config, logger: Logger, unlock: () => void): Promise<RunningServer> {
  const isTrustedProxy = addressMatcher(config.trustedProxies)
  // Known once listening: with port 0 the system picks it. No request arrives before.
  let origins: string[] = []
  let url = ''
  // Loaded only when on: the metrics library is not worth its start-up time otherwise.
  const metrics = config.metrics && (await import('./metrics.ts')).createMetrics()
  const ownMetricsPort = config.metrics?.port !== undefined
  let metricsServer: Server | undefined
  let metricsUrl: string | undefined
  const clientIp = (request: Request, env: unknown) =>
    clientAddress(
      (env as { incoming?: { socket?: { remoteAddress?: string } } }).incoming?.socket?.remoteAddress,
      request.headers.get('x-forwarded-for') ?? undefined,
      isTrustedProxy,
    )
  const host = await startHost({
    compose: async () => {
      const composed = await buildDeps(config, logger)
      return metrics ? { ...composed, deps: meterDeps(composed.deps, metrics) } : composed
    },
    logger,
    syncIntervalMs: config.syncIntervalMs,
    prepare: async (deps, live) => {
      await checkSecretKey(deps, {
        acceptNew: config.acceptNewSecretKey,
        warn: (message) => logger.warn({}, message),
      })
      await createFirstAdmin(deps, config, logger)
      return createApp(deps, {
        baseUrl: config.baseUrl,
        collab: live,
        publicUrl: () => config.baseUrl ?? url,
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
          countRequests: metrics && countRequests(metrics),
          metrics: metrics && !ownMetricsPort ? metricsEndpoint(metrics, config.metrics?.token) : undefined,
          countRefusedPush: metrics ? () => metrics.push('incoming', 'refused') : undefined,
        }),
      })
    },
    listen: async (_deps, app) => {
      if (metrics && config.metrics?.port !== undefined) {
        // First: a port already taken stops the start before the main port opens.
        metricsServer = await listenForMetrics(metrics, {
          port: config.metrics.port,
          hostname: config.host,
          token: config.metrics.token,
          logger,
        })
        metricsUrl = `${httpAddress(config.host, (metricsServer.address() as AddressInfo).port)}/metrics`
      }
      const server = await listenOn(app.fetch, { port: config.port, hostname: config.host }).catch(
        async (error: unknown) => {
          if (metricsServer) await closeListener(metricsServer, 0)
          throw error
        },
      )
      const { port } = server.address() as AddressInfo
      origins = ownOrigins(config.host, port)
      url = httpAddress(config.host, port)
      if (metrics && !ownMetricsPort) metricsUrl = `${url}/metrics`
      return server
    },
    // Closed after the main listener: a scrape during shutdown still sees the last figures.
    runners: () => {
      const opened = metricsServer
      return opened ? [{ stop: () => closeListener(opened, SHUTDOWN_GRACE_MS) }] : []
    },
  })
  // An SQLite installation is one process: the commands that must not run beside it can tell.
  const unmark = config.databaseUrl ? () => {} : markRunning(config.dataDir)
  logger.info({ url, dataDir: config.dataDir, apiDocs: config.apiDocs, metrics: metricsUrl }, 'listening')
  if (metrics && !ownMetricsPort && !config.metrics?.token)
    logger.warn(
      { metrics: metricsUrl },
      'metrics are served on the main port without a token: whoever reaches the server reads them, space names included; set SERVICE_METRICS_TOKEN, or SERVICE_METRICS_PORT for a port of their own',
    )
  // Links written for people elsewhere (mail, invitations, webhooks, sign-in providers) would name
  // 0.0.0.0, which no other machine opens: the operator is told what to set.
  if (!config.baseUrl && isWildcard(config.host))
    logger.warn(
      { url },
      'the server listens on every address but SERVICE_BASE_URL is not set: the links it writes in mail, invitations, webhooks and sign-in redirects name this address, which other machines cannot open; set SERVICE_BASE_URL to the address people use',
    )
  const close = () =>
    host.stop().finally(() => {
      unmark()
      unlock()
    })
  return { url, metricsUrl, deps: host.deps, live: host.live, close }
}

/** The http:// address of a host and port (an IPv6 address in brackets). */
function httpAddress(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`
}

/** The shortest SERVICE_ADMIN_TOKEN taken: as long as the metrics token, for the same reason. */
const ADMIN_TOKEN_MIN = METRICS_TOKEN_MIN

/**
 * Refuses, on the first start, a super admin the API would not let anyone be: a username it does not
 * take, a password shorter than anyone's may be, a token short enough to guess.
 */
function refuseWeakAdmin(config: Config): void {
  if (!isUsername(config.adminUsername))
    throw new StartRefused(
      `SERVICE_ADMIN_USERNAME "${config.adminUsername}" is not a username: lowercase letters, digits, ".", "_" and "-", at most 39, beginning with a letter or a digit`,
    )
  if (config.adminPassword !== undefined && config.adminPassword.length < PASSWORD_MIN)
    throw new StartRefused(
      `SERVICE_ADMIN_PASSWORD must be at least ${PASSWORD_MIN} characters long: it is the super admin's password`,
    )
  if (config.adminToken !== undefined && config.adminToken.length < ADMIN_TOKEN_MIN)
    throw new StartRefused(
      `SERVICE_ADMIN_TOKEN must be at least ${ADMIN_TOKEN_MIN} characters long: it opens everything (openssl rand -base64 32)`,
    )
}

/** On the first start (no account), creates the super admin, with SERVICE_ADMIN_TOKEN registered when set. */
async function createFirstAdmin(deps: Deps, config: Config, logger: Logger): Promise<void> {
  if ((await deps.store.accounts.count()) > 0) return
  refuseWeakAdmin(config)
  let password = config.adminPassword
  const file = join(config.dataDir, 'initial-admin-password')
  // A name of its own: two instances starting at once on an empty database both get here.
  const pending = `${file}.pending-${randomBytes(6).toString('hex')}`
  if (!password) {
    // No password given: made here, and kept where only the server's owner can read it, under its
    // final name once the account holds it (another instance starting at once may make it first).
    password = randomBytes(18).toString('base64url')
    writeFileSync(pending, `${password}\n`, { mode: 0o600 })
  }
  let made: boolean
  try {
    made = await bootstrapAdmin(deps, { username: config.adminUsername, password, token: config.adminToken })
  } catch (error) {
    if (!(error instanceof DomainError && error.reason === 'already_exists')) throw error
    made = false
  }
  if (!made) {
    rmSync(pending, { force: true })
    logger.info(
      { username: config.adminUsername },
      'first start: the super admin was made by another instance',
    )
    return
  }
  if (!config.adminPassword) {
    renameSync(pending, file)
    logger.warn(
      { username: config.adminUsername, file },
      'first start: the super admin password was written to a file',
    )
  }
  logger.info(
    { username: config.adminUsername, token: config.adminToken ? 'registered' : 'none' },
    'first start: super admin created',
  )
}
