import { Hono, type MiddlewareHandler } from 'hono'
import { serveWebApp } from '#shared/adapters/web/serve-web-app.ts'

/**
 * What the engine writes into the web app's page: the app reads it to know it runs on the desktop,
 * so the hosted server is never asked for the desktop's own API (which it does not have).
 */
export const DESKTOP_MARK = '<meta name="quire-desktop" content="engine" />'

/** Set on the answer when the web app did not serve the request, so the engine's next handler does. */
const NOT_SERVED = 'x-quire-not-served'

/**
 * The built web app as the engine serves it: the hosted server's files and fallback, with the desktop
 * mark in the page. The page is asked for uncompressed (the window and the loopback listener are on
 * this computer: compression saves nothing), so the mark goes into plain HTML.
 */
export function desktopWebApp(folder: string): MiddlewareHandler {
  const site = new Hono()
  site.use('*', serveWebApp(folder))
  site.notFound((c) => c.body(null, 404, { [NOT_SERVED]: '1' }))
  return async function desktopPage(c, next) {
    const headers = new Headers(c.req.raw.headers)
    headers.delete('accept-encoding')
    const res = await site.fetch(new Request(c.req.url, { method: c.req.method, headers }))
    if (res.headers.has(NOT_SERVED)) return next()
    if (c.req.method !== 'GET' || !res.headers.get('content-type')?.startsWith('text/html')) return res
    const page = (await res.text()).replace(/<head>/i, (head) => `${head}\n    ${DESKTOP_MARK}`)
    const marked = new Headers(res.headers)
    marked.delete('content-length')
    return new Response(page, { status: res.status, headers: marked })
  }
}
