import type { MiddlewareHandler } from 'hono'
import { ADDS_SECURITY_HEADERS, SECURITY_HEADERS } from '../../domain/security-headers.ts'

/**
 * Gives every answer the security headers; a header the route set itself (a page's own
 * Referrer-Policy) is kept. A Node server whose responses add them as they write their head
 * (`SecuredServerResponse`, passed by @hono/node-server as `c.env.outgoing`) is left to do it: reading
 * the route's Response headers back here would build a Fetch Headers object on every request. Elsewhere
 * (tests, the desktop window's in-process requests) they are set on the Response.
 */
export function securityHeaders(): MiddlewareHandler {
  return async function securityHeaders(c, next) {
    const outgoing = (c.env as { outgoing?: { [ADDS_SECURITY_HEADERS]?: boolean } } | undefined)?.outgoing
    if (outgoing?.[ADDS_SECURITY_HEADERS]) return next()
    await next()
    const headers = c.res.headers
    for (const [name, value] of SECURITY_HEADERS) if (!headers.has(name)) headers.set(name, value)
  }
}
