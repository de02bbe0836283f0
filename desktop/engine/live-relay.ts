import { upgradeWebSocket } from '@hono/node-server'
import { type Context, Hono } from 'hono'
import type { WSEvents } from 'hono/ws'
import WebSocket from 'ws'
import type { AppEnv } from '#shared/api/env.ts'
import { actorOf, authenticate } from '#shared/api/middleware/authenticate.ts'
import { newContentPath, relativeToContent } from '#shared/domain/content-path.ts'
import { DomainError } from '#shared/errors/domain-error.ts'
import type { Deps } from '#shared/ports/deps.ts'
import { accessSpace } from '#shared/services/access/access.ts'
import type { Actor } from '#shared/services/access/actor.ts'
import { authenticateSession, authenticateToken } from '#shared/services/accounts/authenticate.ts'
import { CLOSE } from '#shared/services/collab/live-sessions.ts'
import { credentialOf, type LiveTickets, type WindowCredential } from './live-tickets.ts'
import { type RelaySession, relaySession } from './relay-session.ts'
import { openServerSession, SERVER_HANDSHAKE_MS, serverPageOf } from './server-session.ts'

/** How often a window's credential is checked again while it edits: it may be revoked meanwhile. */
const RECHECK_MS = 5_000
/** Longest a closed window that typed keeps its session open, waiting for the server's commit. */
const LINGER_MS = 30_000
/** How long the engine waits for the server to acknowledge the sessions it closes when it stops. */
const STOP_MS = 1_000

export type LiveRelayOptions = {
  /** The origins the window and the loopback listener answer on: the only pages that may connect. */
  ownOrigins: () => readonly string[]
  /** Asks for a space's sync shortly: its server committed a page, or its last window left. */
  syncSoon: (spaceId: number) => void
  /** The tickets the window's own scheme joins with (`?ticket=`), as it cannot open a WebSocket itself. */
  tickets: LiveTickets
}

/** The engine's live sessions: the route the window connects to, and how to close them all. */
export type LiveRelay = {
  /** `/api/v1/collab/{org}/{space}/{path}`, mounted by the engine's app. */
  routes: Hono<AppEnv>
  /** Closes every relayed session; the servers commit what reached them. */
  stop(): Promise<void>
}

/**
 * The window's credential (its bearer token or session cookie), checked again at most every
 * RECHECK_MS while it edits: a revoked token or an ended session stops passing messages on.
 */
function windowCredential(deps: Deps, credential: WindowCredential, ref: { org: string; space: string }) {
  let checkedAt = deps.clock.now()
  return {
    async isStillAllowed(): Promise<boolean> {
      if (deps.clock.now() - checkedAt < RECHECK_MS) return true
      try {
        await accessSpace(deps, await actorFor(deps, credential), ref.org, ref.space, 'space.read')
        checkedAt = deps.clock.now()
        return true
      } catch {
        return false
      }
    },
  }
}

/** The person a credential stands for, through the desktop (as the engine's other requests). */
async function actorFor(deps: Deps, credential: WindowCredential): Promise<Actor> {
  const actor =
    credential.bearer !== undefined
      ? await authenticateToken(deps, credential.bearer)
      : await authenticateSession(deps, credential.cookie)
  return { ...actor, channel: 'desktop', token: undefined }
}

/**
 * Who opens a session, and with what credential: the request's own (its Origin, when it has one,
 * must be the engine's: a page of another site can open a WebSocket with the person's cookie), or
 * the window's ticket, spent on its first use, which only the engine's own pages may present.
 */
async function windowOf(
  deps: Deps,
  c: Context<AppEnv>,
  options: Pick<LiveRelayOptions, 'ownOrigins' | 'tickets'>,
): Promise<{ actor: Actor; credential: WindowCredential }> {
  const origin = c.req.header('origin')
  const isOwnOrigin = origin !== undefined && options.ownOrigins().includes(origin)
  const ticket = c.req.query('ticket')
  if (ticket === undefined) {
    const actor = actorOf(c)
    const credential = credentialOf(c)
    if (origin !== undefined ? !isOwnOrigin : credential.bearer === undefined)
      throw new DomainError('cross_site_request')
    return { actor, credential }
  }
  const credential = options.tickets.redeem(ticket)
  if (!credential) throw new DomainError('unauthenticated')
  if (!isOwnOrigin) throw new DomainError('cross_site_request')
  return { actor: await actorFor(deps, credential), credential }
}

/** The window's side of a relayed session: its messages in order, each after any credential check due. */
function windowEvents(session: RelaySession, credential: ReturnType<typeof windowCredential>): WSEvents {
  // A window whose upgrade never completes (it went away meanwhile) does not hold the server's session.
  const abandoned = setTimeout(() => session.end(), SERVER_HANDSHAKE_MS)
  let chain = Promise.resolve()
  return {
    onOpen: (_event, ws) => {
      clearTimeout(abandoned)
      session.join(ws)
    },
    onMessage: (event, ws) => {
      if (typeof event.data === 'string') {
        ws.close(1003, 'binary messages only')
        return
      }
      const message = new Uint8Array(event.data as ArrayBuffer)
      chain = chain.then(async () => {
        if (await credential.isStillAllowed()) session.fromWindow(message)
        else session.end(CLOSE.refused, 'refused')
      })
    },
    onClose: () => {
      clearTimeout(abandoned)
      void chain.then(() => session.windowLeft(LINGER_MS))
    },
  }
}

/**
 * Live editing on the desktop, for a space from a hosted server: the window's WebSocket is checked
 * as the engine's other requests are (its session cookie or token, or the ticket the window took for
 * it; its Origin, one of the engine's own), then joined to the page's session on the server with the engine's token for that server,
 * and messages pass both ways unchanged. When the server cannot be reached or refuses, the upgrade
 * is refused, and a session whose server goes away is closed at once: the window's editor then
 * edits the clone as it does offline. A space kept here only or from a plain Git remote has no
 * live session. When the server commits, or the space's last window leaves, the space syncs.
 */
export function liveRelay(deps: Deps, options: LiveRelayOptions): LiveRelay {
  const sessions = new Set<RelaySession>()
  const perSpace = new Map<number, number>()
  let stopping = false

  const begin = (spaceId: number, upstream: Parameters<typeof relaySession>[0]) => {
    perSpace.set(spaceId, (perSpace.get(spaceId) ?? 0) + 1)
    const session = relaySession(upstream, {
      committed: () => options.syncSoon(spaceId),
      ended: () => {
        sessions.delete(session)
        const left = (perSpace.get(spaceId) ?? 1) - 1
        if (left > 0) perSpace.set(spaceId, left)
        else {
          perSpace.delete(spaceId)
          if (!stopping) options.syncSoon(spaceId)
        }
      },
    })
    sessions.add(session)
    return session
  }

  const routes = new Hono<AppEnv>()
  routes.use('*', authenticate(deps, options.ownOrigins, 'desktop'))
  routes.get('/:org/:space/:path{.+}', async (c) => {
    if (c.req.header('upgrade')?.toLowerCase() !== 'websocket')
      throw new DomainError('live_websocket_required')
    // Only the loopback listener's sockets can be upgraded (not a request through the window's scheme).
    if (!(c.env as { incoming?: unknown } | undefined)?.incoming)
      throw new DomainError('live_websocket_required')
    const { actor, credential: offered } = await windowOf(deps, c, options)
    const ref = { org: c.req.param('org'), space: c.req.param('space') }
    const credential = windowCredential(deps, offered, ref)
    if (stopping) throw new DomainError('unavailable', {}, 5)
    const access = await accessSpace(deps, actor, ref.org, ref.space, 'space.read')
    const path = relativeToContent(newContentPath(c.req.param('path')))
    const upstream = await openServerSession(await serverPageOf(deps, access, path))
    if (stopping) {
      upstream.socket.close(1001)
      throw new DomainError('unavailable', {}, 5)
    }
    const session = begin(access.space.id, upstream)
    return upgradeWebSocket(c, windowEvents(session, credential))
  })

  return {
    routes,
    async stop() {
      stopping = true
      await Promise.all(
        [...sessions].map(
          (session) =>
            new Promise<void>((resolve) => {
              const force = setTimeout(() => {
                session.upstream.terminate()
                resolve()
              }, STOP_MS)
              const done = () => {
                clearTimeout(force)
                resolve()
              }
              if (session.upstream.readyState === WebSocket.CLOSED) done()
              else session.upstream.once('close', done)
              session.end(1001, 'the app is closing')
            }),
        ),
      )
    },
  }
}
