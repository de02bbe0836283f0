import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serveWebApp, WEB_APP_CSP } from './serve-web-app.ts'

describe('serving the built web app', () => {
  let folder: string
  let app: Hono

  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'quire-web-'))
    mkdirSync(join(folder, 'assets'))
    writeFileSync(join(folder, 'index.html'), '<!doctype html><div id="root"></div>')
    const script = 'console.log("app")'.repeat(50)
    writeFileSync(join(folder, 'assets', 'app-1234.js'), script)
    writeFileSync(join(folder, 'assets', 'app-1234.js.br'), brotliCompressSync(script))
    app = new Hono()
    app.use('*', serveWebApp(folder))
    app.notFound((c) => c.json({ error: 'not_found', message: 'Not found.' }, 404))
  })

  afterAll(() => rmSync(folder, { recursive: true, force: true }))

  it('answers the app at / and at any of its own paths, under the CSP and never cached stale', async () => {
    for (const path of ['/', '/s/acme/handbook/page/guides/setup.md', '/account']) {
      const res = await app.request(path)
      expect(res.status).toBe(200)
      expect(await res.text()).toContain('<div id="root">')
      expect(res.headers.get('content-security-policy')).toBe(WEB_APP_CSP)
      expect(res.headers.get('cache-control')).toBe('no-cache')
    }
    expect(WEB_APP_CSP).toContain("script-src 'self'")
    expect(WEB_APP_CSP).not.toContain('unsafe')
  })

  it('serves bundle files compressed when the browser accepts it, cached for good', async () => {
    const res = await app.request('/assets/app-1234.js', { headers: { 'Accept-Encoding': 'gzip, br' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(res.headers.get('cache-control')).toContain('immutable')
    const body = brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()
    expect(body).toContain('console.log')
  })

  it('leaves the API, other methods and missing bundle files to the API’s 404', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/nothing'],
      ['GET', '/api'],
      ['GET', '/assets/missing-0000.js'],
      ['GET', '/s/acme/assets/index-0000.css'],
      ['POST', '/account'],
    ] as const) {
      const res = await app.request(path, { method })
      expect(res.status, `${method} ${path}`).toBe(404)
      expect(await res.json()).toMatchObject({ error: 'not_found' })
    }
  })

  it('serves nothing until the app is built, then the build', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'quire-web-empty-'))
    const later = join(empty, 'renderer')
    const bare = new Hono()
    bare.use('*', serveWebApp(empty))
    bare.use('*', serveWebApp(later))
    bare.notFound((c) => c.json({ error: 'not_found' }, 404))
    expect((await bare.request('/')).status).toBe(404)
    mkdirSync(later)
    writeFileSync(join(later, 'index.html'), '<!doctype html><div id="root"></div>')
    expect(await (await bare.request('/s/acme')).text()).toContain('<div id="root">')
    rmSync(empty, { recursive: true, force: true })
  })
})
