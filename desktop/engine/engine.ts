import { mkdir, readFile } from 'node:fs/promises'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { Hono } from 'hono'
import { setCookie } from 'hono/cookie'
import { replaceFile } from '#shared/adapters/git/durable-files.ts'
import { createApp } from '#shared/api/app.ts'
import type { AppEnv } from '#shared/api/env.ts'
import { handleError } from '#shared/api/errors.ts'
import { SESSION_COOKIE } from '#shared/api/middleware/authenticate.ts'
import { chooseLocale } from '#shared/api/middleware/locale.ts'
import { SESSION_IDLE_MS } from '#shared/domain/limits.ts'
import { syncErrorCode } from '#shared/domain/sync-errors.ts'
import { DomainError } from '#shared/errors/domain-error.ts'
import { type BackgroundRunner, SHUTDOWN_GRACE_MS, startHost } from '#shared/host/lifecycle.ts'
import { answersInFlight, type FetchHandler, listenOn } from '#shared/host/listener.ts'
import { composeNodeDeps, type NodeDepsSettings } from '#shared/host/node-deps.ts'
import { mcpEndpoint } from '#shared/mcp/endpoint.ts'
import type { Deps } from '#shared/ports/deps.ts'
import type { Logger } from '#shared/ports/logger.ts'
import { accessSpace } from '#shared/services/access/access.ts'
import type { Actor } from '#shared/services/access/actor.ts'
import { authenticateToken } from '#shared/services/accounts/authenticate.ts'
import { openSession } from '#shared/services/accounts/sign-in.ts'
import { prepareSpaceTrees } from '#shared/services/content/space-tree.ts'
import { syncSpace } from '#shared/services/git/sync-space.ts'
import { QueueClosedError } from '#shared/services/jobs/space-queue.ts'
import { desktopWebApp } from './desktop-page.ts'
import { type DesktopRouteOptions, desktopRoutes } from './desktop-routes.ts'
import { ensureEngineToken } from './engine-token.ts'
import { gitIdentity, type Identity } from './identity.ts'
import { type LiveRelay, liveRelay } from './live-relay.ts'
import { liveTickets } from './live-tickets.ts'
import { ensurePerson } from './person.ts'
import { canReach, remoteEndpoint } from './reconnect.ts'

/** The window's own origin (Electron's custom scheme): its requests are same-site. */
export const WINDOW_ORIGIN = 'quire://app'

export type EngineOptions = {
  /** The person's data folder: the database, the clones, the engine's sealed token and settings. */
  dataDir: string
  /** The key that seals credentials at rest. */
  secretKey: string
  /** The loopback listener's port: 0 (or absent) for the one used last time, else a free one. */
  port?: number
  logger?: Logger
  /** The built web app (electron-vite's `out/renderer`); none: the API and MCP only. */
  webAppDir?: string
  /** The person's name and e-mail when known; else Git's configuration is asked. */
  identity?: Partial<Identity>
  /** How often spaces with a remote are fetched; 60 s by default. */
  syncIntervalMs?: number
  /** How often spaces that could not reach their remote check whether it is back; 5 s by default. */
  reconnectIntervalMs?: number
  /** Settings of the composition that tests and benchmarks change (a shared model, a cheaper hash). */
  compose?: Partial<Omit<NodeDepsSettings, 'dataDir' | 'secretKey'>>
}

export type Engine = {
  /** Answers a request as the person (the window's requests): the API under /api/v1, the web app, MCP. */
  fetch(request: Request): Promise<Response>
  /** The loopback listener (API, app and MCP with the engine token) and its token. */
  url: string
  token: string
  close(): Promise<void>
}

/** An engine started in this process, with the services' dependencies (tests and benchmarks read them). */
export type RunningEngine = Engine & { deps: Deps }

/** What the engine remembers between starts, beside the database. */
type EngineSettings = { port?: number }
const SETTINGS_FILE = 'desktop.json'

const silent: Logger = { info: () => {}, warn: () => {}, error: () => {} }

/**
 * The desktop engine: the shared domain on the person's data folder (local clones, SQLite with its
 * word and vector indexes, the job runner and the sync loop), answering the window's requests with
 * the person's rights, and listening on 127.0.0.1 for local assistants (MCP) and headless use,
 * where every request needs the engine's token (or the session it opens) and a loopback Host.
 * What it shares with the hosted server (checks, background work, shutdown order) is the host lifecycle's.
 */
export async function startEngine(options: EngineOptions): Promise<RunningEngine> {
  const logger = options.logger ?? silent
  const { dataDir } = options
  await mkdir(dataDir, { recursive: true })
  const settings = await readSettings(dataDir)
  // Known once listening: the loopback origins name the port.
  let origins: string[] = [WINDOW_ORIGIN]
  let url = ''
  const host = await startHost({
    compose: () =>
      composeNodeDeps({
        allowPrivateNetwork: true,
        ...options.compose,
        dataDir,
        secretKey: options.secretKey,
      }),
    logger,
    syncIntervalMs: options.syncIntervalMs ?? 60_000,
    prepare: async (deps) => {
      const person = await ensurePerson(deps, options.identity ?? (await gitIdentity(dataDir)))
      const token = await ensureEngineToken(deps, person, dataDir)
      const syncs = spaceSyncs(deps, logger)
      const tickets = liveTickets(deps.clock)
      const live = liveRelay(deps, { ownOrigins: () => origins, syncSoon: syncs.soon, tickets })
      const app = engineApp(deps, {
        dataDir,
        logger,
        webAppDir: options.webAppDir,
        mcp: () => ({ url: `${url}/mcp`, token }),
        ownOrigins: () => origins,
        syncs,
        live,
        liveTicket: (credential) => ({ url: url.replace(/^http/, 'ws'), ticket: tickets.issue(credential) }),
      })
      return { token, syncs, live, app }
    },
    listen: async (deps, { token, app }) => {
      const listener = loopbackListener(deps, app, token, () => origins, logger)
      const server = await listenOnLoopback(
        listener.fetch,
        options.port || settings.port || 0,
        Boolean(!options.port && settings.port),
      )
      const { port } = server.address() as AddressInfo
      origins = [WINDOW_ORIGIN, `http://127.0.0.1:${port}`, `http://localhost:${port}`]
      url = `http://127.0.0.1:${port}`
      if (port !== settings.port) await writeSettings(dataDir, { ...settings, port })
      return server
    },
    runners: (deps, { syncs }) => [watchReconnection(deps, syncs, options.reconnectIntervalMs ?? 5_000)],
  })
  logger.info({ url, dataDir }, 'engine ready')
  // The window's first page lists its space's tree: listed now, it is ready or under way by then. A
  // listing cut short by a stop is left to the next request.
  void prepareSpaceTrees(host.deps).catch(() => undefined)
  const { token, app, syncs, live } = host.prepared
  let closing: Promise<void> | undefined
  // The window's requests hold no socket: the host's stop would not wait for them.
  const fromWindow = answersInFlight()
  // Relayed sessions hold the listener's sockets open: they close first. A save from the window
  // still under way (the person quit just after it) is committed before the host stops.
  const close = () => {
    closing ??= live
      .stop()
      .then(syncs.stop)
      .then(() => fromWindow.settled(SHUTDOWN_GRACE_MS))
      .finally(host.stop)
    return closing
  }
  // The window's requests stand for the person: the engine's own credential unless they carry one.
  // They are answered uncompressed: on this computer compression saves nothing, and the app's
  // scheme hands an answer's bytes to the window as they are.
  const answerWindow = fromWindow.track((request: Request) => {
    const headers = new Headers(request.headers)
    headers.delete('accept-encoding')
    if (!headers.has('authorization')) headers.set('authorization', `Bearer ${token}`)
    return Promise.resolve(app.fetch(new Request(request, { headers, duplex: 'half' } as RequestInit)))
  })
  return {
    fetch: (request) => Promise.resolve(answerWindow(request, undefined)),
    url,
    token,
    deps: host.deps,
    close,
  }
}

/** The syncs the person asked for or the reconnection watch started, one at a time per space. */
type SpaceSyncs = {
  /** The spaces syncing now, shown as such in the window. */
  syncing: Set<number>
  /** Starts a space's sync in the background, unless it is syncing already. */
  start(spaceId: number): void
  /**
   * Syncs a space shortly (news of a commit on its server); a sync under way when the news came may
   * have fetched before that commit, so it runs once more when it ends.
   */
  soon(spaceId: number): void
  /** Syncs a space the actor may write to, and settles when it is done. */
  now(actor: Actor, ref: { org: string; space: string }): Promise<void>
  /** Starts no more syncs (the engine is closing). */
  stop(): void
}

/** How long news of a commit waits before its sync: every window in the space hears of it, and one sync serves them all. */
const SOON_MS = 300

function spaceSyncs(deps: Deps, logger: Logger): SpaceSyncs {
  const syncing = new Set<number>()
  const due = new Map<number, ReturnType<typeof setTimeout>>()
  const again = new Set<number>()
  let stopped = false
  const track = async (spaceId: number, run: () => Promise<unknown>) => {
    syncing.add(spaceId)
    try {
      await run()
    } finally {
      syncing.delete(spaceId)
      if (again.delete(spaceId) && !stopped) start(spaceId)
    }
  }
  const start = (spaceId: number) => {
    if (syncing.has(spaceId) || stopped) return
    void track(spaceId, async () => {
      const found = await deps.store.spaceById(spaceId)
      if (found) await syncSpace(deps, deps.store.forOrg(found.space.orgId), found.space)
    }).catch((error: unknown) => {
      if (!(error instanceof QueueClosedError)) logger.error({ err: error, space: spaceId }, 'sync crashed')
    })
  }
  return {
    syncing,
    start,
    soon: (spaceId) => {
      if (stopped || due.has(spaceId)) return
      const timer = setTimeout(() => {
        due.delete(spaceId)
        if (syncing.has(spaceId)) again.add(spaceId)
        else start(spaceId)
      }, SOON_MS)
      timer.unref?.()
      due.set(spaceId, timer)
    },
    now: async (actor, ref) => {
      const { space, orgStore } = await accessSpace(deps, actor, ref.org, ref.space, 'space.write')
      if (!space.repoUrl) throw new DomainError('no_remote')
      await track(space.id, () => syncSpace(deps, orgStore, space))
    },
    stop: () => {
      stopped = true
      for (const timer of due.values()) clearTimeout(timer)
      due.clear()
      again.clear()
    },
  }
}

/** The engine's app: the shared API with the desktop's own routes and MCP, the web app when built. */
function engineApp(
  deps: Deps,
  options: {
    dataDir: string
    logger: Logger
    webAppDir?: string
    mcp: () => { url: string; token: string }
    ownOrigins: () => string[]
    syncs: SpaceSyncs
    live: LiveRelay
    liveTicket: DesktopRouteOptions['liveTicket']
  },
) {
  const { logger, syncs } = options
  const routes = new Hono<AppEnv>()
  routes.route('/api/v1/collab', options.live.routes)
  routes.route(
    '/api/v1/desktop',
    desktopRoutes(deps, {
      dataDir: options.dataDir,
      mcp: options.mcp,
      ownOrigins: options.ownOrigins,
      syncing: syncs.syncing,
      startSync: syncs.start,
      syncNow: syncs.now,
      liveTicket: options.liveTicket,
    }),
  )
  const loopbackHosts = () => ['127.0.0.1', 'localhost']
  routes.route(
    '/',
    mcpEndpoint(deps, {
      authenticate: (bearer) => authenticateToken(deps, bearer, 'mcp'),
      allowedHosts: loopbackHosts,
      allowedOrigins: loopbackHosts,
      logger,
    }),
  )
  return createApp(deps, {
    ownOrigins: options.ownOrigins,
    // The engine's own address: links it makes (none leave the machine) point back at it.
    publicUrl: () => options.ownOrigins()[0] ?? 'http://127.0.0.1',
    webApp: options.webAppDir ? desktopWebApp(options.webAppDir) : undefined,
    logger,
    clientIp: () => '127.0.0.1',
    channel: 'desktop',
    routes,
  })
}

/**
 * The loopback listener: a loopback Host only (a rebound name is refused), and the token opens
 * a session for a browser (`/?token=…`), so the app's own requests need nothing more.
 */
function loopbackListener(
  deps: Deps,
  app: ReturnType<typeof engineApp>,
  token: string,
  origins: () => string[],
  logger: Logger,
): Hono<AppEnv> {
  const listener = new Hono<AppEnv>()
  listener.onError(handleError(logger))
  listener.use('*', chooseLocale())
  listener.use('*', async (c, next) => {
    const host = c.req.header('host') ?? ''
    if (!origins().some((origin) => origin === `http://${host}`)) throw new DomainError('forbidden')
    return next()
  })
  listener.get('*', async (c, next) => {
    const offered = c.req.query('token')
    if (offered === undefined || c.req.path.startsWith('/api/')) return next()
    // Compared by digest, so the time taken says nothing of how much of the token was right.
    if (deps.secrets.digest(offered) !== deps.secrets.digest(token)) throw new DomainError('unauthenticated')
    const person = await deps.store.tokens.byHash(deps.secrets.digest(token))
    if (!person) throw new DomainError('unauthenticated')
    const { cookie } = await openSession(deps, person.account.id)
    setCookie(c, SESSION_COOKIE, cookie, {
      httpOnly: true,
      sameSite: 'Strict',
      path: '/',
      maxAge: Math.floor(SESSION_IDLE_MS / 1000),
    })
    const target = new URL(c.req.url)
    target.searchParams.delete('token')
    return c.redirect(`${target.pathname}${target.search}`, 303)
  })
  listener.all('*', (c) => app.fetch(c.req.raw, c.env))
  return listener
}

/** Listens on 127.0.0.1; a remembered port taken by another program gives way to a free one. */
async function listenOnLoopback(fetch: FetchHandler, port: number, mayMove: boolean): Promise<Server> {
  try {
    return await listenOn(fetch, { port, hostname: '127.0.0.1' })
  } catch (error) {
    if (!mayMove || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error
    return listenOnLoopback(fetch, 0, false)
  }
}

/**
 * Spaces whose last sync could not reach their remote wait for their backoff; this checks every few
 * seconds whether their remote answers again, and syncs them at once when it does.
 */
function watchReconnection(deps: Deps, syncs: SpaceSyncs, intervalMs: number): BackgroundRunner {
  let busy = false
  const timer = setInterval(() => {
    if (busy) return
    busy = true
    void (async () => {
      const now = deps.clock.now()
      for (const { space, sync } of await deps.store.spacesWithRemote()) {
        if (syncs.syncing.has(space.id) || sync.retryAt === null || sync.retryAt <= now) continue
        // A remote that answered and refused (credentials, a rewrite) waits for its backoff.
        const state = await deps.store.forOrg(space.orgId).space(space.id).git.get()
        if (syncErrorCode(state) !== 'unreachable') continue
        const endpoint = remoteEndpoint(space.repoUrl)
        if (endpoint && (await canReach(endpoint))) syncs.start(space.id)
      }
    })()
      .catch(() => undefined)
      .finally(() => {
        busy = false
      })
  }, intervalMs)
  timer.unref()
  return { stop: async () => clearInterval(timer) }
}

async function readSettings(dataDir: string): Promise<EngineSettings> {
  try {
    const parsed = JSON.parse(await readFile(join(dataDir, SETTINGS_FILE), 'utf8')) as EngineSettings
    return typeof parsed.port === 'number' && Number.isInteger(parsed.port) ? { port: parsed.port } : {}
  } catch {
    return {}
  }
}

async function writeSettings(dataDir: string, settings: EngineSettings): Promise<void> {
  await replaceFile(join(dataDir, SETTINGS_FILE), `${JSON.stringify(settings, null, 2)}\n`)
}
