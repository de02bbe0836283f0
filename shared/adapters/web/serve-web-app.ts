import { existsSync } from 'node:fs'
import { serveStatic } from '@hono/node-server/serve-static'
import type { MiddlewareHandler } from 'hono'
import { WEB_APP_CSP } from '../../domain/web-app-csp.ts'

/** The policy the app is served with (see shared/domain/web-app-csp.ts). */
export { WEB_APP_CSP }

/** Hashed bundle files never change under one name: browsers may keep them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * Paths the servers answer themselves (API, MCP, probes, OAuth, Git hosting) or that a scraper or
 * client may try there: an unknown one among them is a 404, never the app's page with a 200 that
 * a metrics scraper or a Git client would take for an answer.
 */
const RESERVED = [
  '/api',
  '/mcp',
  '/metrics',
  '/readyz',
  '/livez',
  '/.well-known',
  '/oauth',
  '/register',
  '/git',
]

/** Whether `path` is one of the servers' own (any `/health…` too: the probes' usual names). */
function isReservedPath(path: string): boolean {
  return (
    path.startsWith('/health') || RESERVED.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))
  )
}

/**
 * Serves the built web app from `folder` (electron-vite's `out/renderer`): its files as they are,
 * and `index.html` for any other GET outside the reserved paths, so the app's own paths open
 * directly. Nothing is served while the folder has no build: the API's JSON 404 answers instead.
 */
export function serveWebApp(folder: string): MiddlewareHandler {
  const ignore = async () => {}
  // Made once the build exists (the static handler complains about a missing folder when made).
  // The build holds Brotli and gzip copies of its text files (server/web-build.ts).
  let handlers: { files: MiddlewareHandler; page: MiddlewareHandler } | undefined
  const ready = () =>
    (handlers ??= existsSync(folder)
      ? {
          files: serveStatic({ root: folder, precompressed: true }),
          page: serveStatic({ root: folder, precompressed: true, rewriteRequestPath: () => '/index.html' }),
        }
      : undefined)
  return async function webApp(c, next) {
    const isRead = c.req.method === 'GET' || c.req.method === 'HEAD'
    const served = isRead && !isReservedPath(c.req.path) ? ready() : undefined
    if (!served) return next()
    let res = await served.files(c, ignore)
    // A missing bundle file is a 404, not the app: a stale tab must not parse HTML as script.
    if (!res && !c.req.path.includes('/assets/')) res = await served.page(c, ignore)
    if (!res) return next()
    const isAsset = c.req.path.startsWith('/assets/')
    res.headers.set('Cache-Control', isAsset ? IMMUTABLE : 'no-cache')
    if (res.headers.get('content-type')?.startsWith('text/html')) {
      res.headers.set('Content-Security-Policy', WEB_APP_CSP)
    }
    return res
  }
}
