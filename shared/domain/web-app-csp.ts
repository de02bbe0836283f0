/**
 * The web app's Content-Security-Policy, wherever it is served (the server's pages, the desktop's
 * window): scripts and styles from the app's own files only (no inline script or style), pictures
 * from the app and from data or blob addresses (pasted images, previews), requests to the app's own
 * origin, no frames, no plugins, no form posts elsewhere. `base-uri` is 'self', not 'none': the
 * app's `<base href="/">` resolves its asset paths from the root at every one of its paths.
 */
export const WEB_APP_CSP = [
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
