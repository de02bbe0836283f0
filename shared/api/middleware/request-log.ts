import type { MiddlewareHandler } from 'hono'
import type { Logger } from '../../ports/logger.ts'
import type { AppEnv } from '../env.ts'

/** A path segment holding one of the service's own mailed secrets (invitation, reset, verification). */
const SECRET_SEGMENT = /\/q(?:inv|rst|ver|pat|ses)_[^/]*/g
/** API routes whose next segment is a mailed link's secret, whatever it looks like. */
const SECRET_ROUTE = /^(\/api\/v1\/(?:invitations|password-resets|email-verifications))\/[^/]+/

/** The path as logged: a mailed link's secret (`/invite/qinv_…`, `/api/v1/password-resets/…`) is hidden. */
export function loggedPath(path: string): string {
  return path.replace(SECRET_ROUTE, '$1/…').replace(SECRET_SEGMENT, '/…')
}

/**
 * Logs one line per request: method, path, status, duration, the caller's username and network
 * address (as `clientIp` tells it, behind a trusted proxy the client's: failed sign-ins can be
 * followed to where they come from). Headers, query strings and bodies are never logged, and the
 * secret of a mailed link in a path is hidden, so no token, password or secret can reach the log.
 */
export function requestLog(
  logger: Logger,
  clientIp?: (request: Request, env: unknown) => string,
): MiddlewareHandler<AppEnv> {
  // Its fields are fixed and none can hold a secret: the redaction pass would find nothing.
  const lines = logger.unredacted?.() ?? logger
  return async function requestLog(c, next) {
    const started = performance.now()
    await next()
    lines.info(
      {
        method: c.req.method,
        path: loggedPath(c.req.path),
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        user: c.get('actor')?.account.username,
        ip: clientIp?.(c.req.raw, c.env),
      },
      'request',
    )
  }
}
