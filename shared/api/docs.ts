import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { Hono } from 'hono'

const ASSETS = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
} as const

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Quire API</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`

const INIT = `window.ui = SwaggerUIBundle({ url: '/api/v1/openapi.json', dom_id: '#swagger-ui', deepLinking: true, withCredentials: true })\n`

/** A page's policy: every script, style and request stays on this server (no CDN). */
const CSP =
  "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; object-src 'none'; base-uri 'none'"

/** Interactive API documentation (Swagger UI), its assets served by this server itself. */
export function docsRoutes() {
  const folder = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))
  const cache = new Map<string, string>()
  const asset = (name: keyof typeof ASSETS) => {
    let body = cache.get(name)
    if (body === undefined) {
      body = readFileSync(join(folder, name), 'utf8')
      cache.set(name, body)
    }
    return body
  }
  const app = new Hono()
  app.use('*', async (c, next) => {
    await next()
    c.header('Content-Security-Policy', CSP)
    c.header('Cache-Control', 'no-cache')
  })
  app.get('/', (c) => c.html(PAGE))
  app.get('/init.js', (c) => c.body(INIT, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }))
  for (const name of Object.keys(ASSETS) as (keyof typeof ASSETS)[]) {
    app.get(`/${name}`, (c) => c.body(asset(name), 200, { 'Content-Type': ASSETS[name] }))
  }
  return app
}
