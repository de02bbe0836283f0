/**
 * The security headers of every answer (those of Hono's `secureHeaders()` by default): no sniffing,
 * no framing by other sites, no referrer, HTTPS remembered, nothing shared across origins. No
 * Content-Security-Policy here: the web app (`WEB_APP_CSP`) and the server-rendered pages set their own.
 */
export const SECURITY_HEADERS: readonly (readonly [name: string, value: string])[] = [
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'no-referrer'],
  ['Strict-Transport-Security', 'max-age=15552000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
]

/**
 * Marks a Node response that adds SECURITY_HEADERS itself when it writes its head, so the API's
 * middleware leaves them to it.
 */
export const ADDS_SECURITY_HEADERS: unique symbol = Symbol.for('quire.addsSecurityHeaders')
