import { randomBytes } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { serveWebApp } from '#shared/adapters/web/serve-web-app.ts'
import { createApp } from '#shared/api/app.ts'
import { startHost } from '#shared/host/lifecycle.ts'
import { listenOn } from '#shared/host/listener.ts'
import type { Deps } from '#shared/ports/deps.ts'
import type { Logger } from '#shared/ports/logger.ts'
import { bootstrapAdmin } from '#shared/services/accounts/bootstrap-admin.ts'
import type { LiveSessions } from '#shared/services/collab/live-sessions.ts'
import { addressMatcher, clientAddress } from './client-address.ts'
import type { Config } from './config.ts'
import { buildDeps } from './deps.ts'
import { ownOrigins } from './own-origins.ts'
import { hostRoutes } from './routes.ts'
import { WEB_APP_DIR } from './web-build.ts'

export type RunningServer = { url: string; deps: Deps; live: LiveSessions; close(): Promise<void> }

/**
 * The composition root of the hosted server: opens the database (applying migrations), builds the
 * services' dependencies, creates the first super admin on first start, and listens. What it shares
 * with the desktop engine (checks, background work, shutdown order) is the host lifecycle's.
 */
export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
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
  const host = await startHost({
    compose: () => buildDeps(config, logger),
    logger,
    syncIntervalMs: config.syncIntervalMs,
    prepare: async (deps, live) => {
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
        }),
      })
    },
    listen: async (_deps, app) => {
      const server = await listenOn(app.fetch, { port: config.port, hostname: config.host })
      const { port } = server.address() as AddressInfo
      origins = ownOrigins(config.host, port)
      url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`
      return server
    },
  })
  logger.info({ url, dataDir: config.dataDir, apiDocs: config.apiDocs }, 'listening')
  return { url, deps: host.deps, live: host.live, close: host.stop }
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
