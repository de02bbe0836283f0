import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serveWebApp } from '#shared/adapters/web/serve-web-app.ts'
import { DESKTOP_MARK, desktopWebApp } from './desktop-page.ts'

const PAGE = '<!doctype html>\n<html lang="en">\n  <head>\n    <title>Quire</title>\n  </head>\n</html>\n'
const SCRIPT = 'console.log("app")\n'

let folder: string

/** An app answering with the given web app middleware, and the API's JSON 404 behind it. */
function appWith(webApp: ReturnType<typeof serveWebApp>) {
  const app = new Hono()
  app.use('*', webApp)
  app.all('*', (c) => c.json({ error: 'not_found' }, 404))
  return app
}

const get = (app: Hono, path: string, headers: Record<string, string> = {}) =>
  app.request(path, { headers: { 'accept-encoding': 'br, gzip', ...headers } })

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'quire-desktop-page-'))
  await mkdir(join(folder, 'assets'))
  // As the build leaves it: compressed copies beside the page and the scripts.
  await writeFile(join(folder, 'index.html'), PAGE)
  await writeFile(join(folder, 'index.html.br'), brotliCompressSync(PAGE))
  await writeFile(join(folder, 'index.html.gz'), gzipSync(PAGE))
  await writeFile(join(folder, 'assets', 'app.js'), SCRIPT)
  await writeFile(join(folder, 'assets', 'app.js.br'), brotliCompressSync(SCRIPT))
})

afterAll(async () => {
  await rm(folder, { recursive: true, force: true })
})

describe('the web app as the desktop engine serves it', () => {
  it('marks the page the window opens, at any of the app’s addresses, even when compression is offered', async () => {
    const app = appWith(desktopWebApp(folder))
    for (const path of ['/', '/s/local/notes/page/a.md', '/admin']) {
      const res = await get(app, path)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-encoding')).toBeNull()
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'")
      const html = await res.text()
      expect(html).toContain(DESKTOP_MARK)
      expect(html.indexOf(DESKTOP_MARK)).toBeLessThan(html.indexOf('<title>'))
    }
    // The Electron window asks on its own scheme.
    const window = await app.fetch(new Request('quire://app/s/local/notes'))
    expect(await window.text()).toContain(DESKTOP_MARK)
  })

  it('leaves the hosted server’s page unmarked', async () => {
    const res = await get(appWith(serveWebApp(folder)), '/')
    expect(res.status).toBe(200)
    expect(await res.text()).not.toContain('quire-desktop')
  })

  it('serves the scripts as they are, and leaves the API and missing scripts to what follows', async () => {
    const app = appWith(desktopWebApp(folder))
    const script = await get(app, '/assets/app.js')
    expect(script.status).toBe(200)
    expect(await script.text()).toBe(SCRIPT)
    const missing = await get(app, '/assets/gone.js')
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ error: 'not_found' })
    const api = await get(app, '/api/v1/me')
    expect(await api.json()).toEqual({ error: 'not_found' })
    const post = await app.request('/', { method: 'POST' })
    expect(await post.json()).toEqual({ error: 'not_found' })
  })
})
