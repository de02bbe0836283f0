import { existsSync } from 'node:fs'
import { serveStatic } from '@hono/node-server/serve-static'
import type { MiddlewareHandler } from 'hono'
import { WEB_APP_CSP } from '../../domain/web-app-csp.ts'

/** The policy the app is served with (see shared/domain/web-app-csp.ts). */
export { WEB_APP_CSP }

/** Hashed bundle files never change under one name: browsers may keep them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * Serves the built web app from `folder` (electron-vite's `out/renderer`): its files as they are,
 * and `index.html` for any other GET outside `/api`, so the app's own paths open directly. Nothing
 * is served while the folder has no build: the API's JSON 404 answers instead.
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
    const isApi = c.req.path === '/api' || c.req.path.startsWith('/api/')
    const isRead = c.req.method === 'GET' || c.req.method === 'HEAD'
    const served = !isApi && isRead ? ready() : undefined
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
