import { WEB_APP_CSP } from '#shared/domain/web-app-csp.ts'

/** The engine's loopback listener, where the window opens its live sessions (its own scheme opens no WebSocket). */
const LOOPBACK_SOCKETS = 'ws://127.0.0.1:*'

/**
 * The window's Content-Security-Policy: the web app's own, as the server serves it, save that it may
 * also open WebSockets on the loopback listener (its port is chosen when the engine starts).
 */
export const DESKTOP_CSP = WEB_APP_CSP.split('; ')
  .map((directive) => (directive.startsWith('connect-src ') ? `${directive} ${LOOPBACK_SOCKETS}` : directive))
  .join('; ')

/** Whether a response is an HTML page (a document the window may load). */
function isHtml(response: Response): boolean {
  return /^\s*text\/html\b/i.test(response.headers.get('content-type') ?? '')
}

/**
 * The response with the window's policy as its Content-Security-Policy when it is an HTML page
 * (whatever policy it had); any other response as it is.
 */
export function withContentSecurityPolicy(response: Response): Response {
  if (!isHtml(response)) return response
  const headers = new Headers(response.headers)
  headers.set('Content-Security-Policy', DESKTOP_CSP)
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}
