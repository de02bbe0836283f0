import type { Context, MiddlewareHandler } from 'hono'
import { getCookie } from 'hono/cookie'
import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import type { Actor, Channel } from '../../services/access/actor.ts'
import { authenticateSession, authenticateToken } from '../../services/accounts/authenticate.ts'
import type { AppEnv } from '../env.ts'

/** Name of the web session cookie. */
export const SESSION_COOKIE = 'quire_session'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Identifies the caller from `Authorization: Bearer <token>` or the session cookie. A bearer
 * header that does not name a valid token is refused at once (401); a stale cookie just leaves the
 * caller anonymous. Unsafe methods with a cookie must come from this site (Origin) or carry
 * X-Requested-With, which a cross-site form cannot send.
 */
export function authenticate(
  deps: Deps,
  ownOrigins: () => readonly string[],
  channel?: Channel,
): MiddlewareHandler<AppEnv> {
  // A host with one channel (the desktop) names it alone: `Via: Desktop`, whatever the credential.
  const through = (actor: Actor): Actor => (channel ? { ...actor, channel, token: undefined } : actor)
  return async function authenticate(c, next) {
    const header = c.req.header('authorization')
    if (header !== undefined) {
      const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header)
      if (!match?.[1]) throw new DomainError('unauthenticated')
      c.set('actor', through(await authenticateToken(deps, match[1])))
      return next()
    }
    const cookie = getCookie(c, SESSION_COOKIE)
    if (cookie) {
      let actor: Actor | undefined
      try {
        // A live page's connection opens again by itself (after a network drop, a server restart),
        // and the app says when its person is away from the screen: no sign of the person, so no
        // web session kept alive.
        const opening = c.req.header('upgrade')?.toLowerCase() === 'websocket'
        const away = c.req.header('x-quire-away') === '1'
        actor = await authenticateSession(deps, cookie, { keepAlive: !opening && !away })
      } catch {
        actor = undefined
      }
      if (actor && !SAFE_METHODS.has(c.req.method) && !isSameSite(c, ownOrigins())) {
        throw new DomainError('cross_site_request')
      }
      c.set('actor', actor && through(actor))
    }
    return next()
  }
}

/** Whether an unsafe request comes from the server's own pages: their Origin, never the Host header. */
function isSameSite(c: Context, ownOrigins: readonly string[]): boolean {
  if (c.req.header('x-requested-with')) return true
  const origin = c.req.header('origin')
  return origin !== undefined && ownOrigins.includes(origin)
}

/** The authenticated caller; 401 when the request carries no valid credentials. */
export function actorOf(c: Context<AppEnv>): Actor {
  const actor = c.get('actor')
  if (!actor) throw new DomainError('unauthenticated')
  return actor
}
