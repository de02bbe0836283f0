/**
 * The window's Content-Security-Policy: scripts and styles from the app's own files only (the
 * built app has no inline script or style), pictures also from data and blob addresses (pasted
 * images, previews), requests to the app's own origin (the engine behind the scheme), no plugins,
 * no frames. `base-uri` is 'self', not 'none': the app's `<base href="/">` resolves its relative
 * asset paths from the root at every one of its paths.
 */
export const DESKTOP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

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
