import { upgradeWebSocket } from '@hono/node-server'
import { Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import { type Actor, localeOf } from '../../services/access/actor.ts'
import { authenticateSession, authenticateToken } from '../../services/accounts/authenticate.ts'
import type { LiveConnection, LiveSessions } from '../../services/collab/live-sessions.ts'
import type { ApiOptions, AppEnv } from '../env.ts'
import { actorOf, SESSION_COOKIE } from '../middleware/authenticate.ts'

/** Largest message of a live session, in bytes: a whole page's text of the largest size, with room. */
export const LIVE_MESSAGE_MAX = 4 * 1024 * 1024

/**
 * `GET /api/v1/collab/{org}/{space}/{path}` upgraded to a WebSocket: the page's live session, on
 * y-websocket's protocol. The credential (session cookie or bearer token) and the caller's right to
 * read are checked before the upgrade, and the right to write on every update; a browser's
 * connection must come from the server's own pages (Origin), which a cookie alone does not prove.
 */
export function collabRoutes(
  deps: Deps,
  sessions: LiveSessions,
  options: Pick<ApiOptions, 'ownOrigins' | 'baseUrl' | 'channel'>,
): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  const own = () => (options.baseUrl ? [new URL(options.baseUrl).origin] : (options.ownOrigins?.() ?? []))
  const through = (actor: Actor): Actor =>
    options.channel ? { ...actor, channel: options.channel, token: undefined } : actor
  app.get('/collab/:org/:space/:path{.+}', async (c, next) => {
    if (c.req.header('upgrade')?.toLowerCase() !== 'websocket')
      throw new DomainError('live_websocket_required')
    const actor = actorOf(c)
    const bearer = /^Bearer[ ]+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1]
    const origin = c.req.header('origin')
    // A page of another site can open a WebSocket with the person's cookie: only our own pages may.
    if (origin !== undefined ? !own().includes(origin) : bearer === undefined)
      throw new DomainError('cross_site_request')
    const ticket = await sessions.admit(actor, {
      org: c.req.param('org'),
      space: c.req.param('space'),
      path: c.req.param('path'),
    })
    const cookie = getCookie(c, SESSION_COOKIE) ?? ''
    const refresh = async (options?: { keepAlive?: boolean }) =>
      through(
        bearer !== undefined
          ? await authenticateToken(deps, bearer)
          : await authenticateSession(deps, cookie, options),
      )
    const locale = localeOf(actor, c.get('locale'))
    let connection: LiveConnection | undefined
    const upgrade = upgradeWebSocket(() => ({
      onOpen: (_event, ws) => {
        connection = sessions.connect(
          ticket,
          { actor, refresh, locale },
          {
            send: (message) => ws.send(message as Uint8Array<ArrayBuffer>),
            close: (code, reason) => ws.close(code, reason),
          },
        )
      },
      onMessage: (event, ws) => {
        if (typeof event.data === 'string') {
          ws.close(1003, 'binary messages only')
          return
        }
        connection?.receive(new Uint8Array(event.data as ArrayBuffer))
      },
      onClose: () => connection?.leave(),
    }))
    return upgrade(c, next)
  })
  return app
}
