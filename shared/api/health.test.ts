import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { serveWebApp } from '../adapters/web/serve-web-app.ts'
import type { Logger } from '../ports/logger.ts'
import { json, onPostgres, type TestApp, testApp } from '../testing/test-app.ts'

let t: TestApp | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

/** A test app whose log lines are kept, by level. */
async function loggedApp() {
  const lines: { level: string; msg?: string }[] = []
  const logger: Logger = {
    info: (_obj, msg) => lines.push({ level: 'info', msg }),
    warn: (_obj, msg) => lines.push({ level: 'warn', msg }),
    error: (_obj, msg) => lines.push({ level: 'error', msg }),
  }
  t = await testApp({ logger })
  return { app: t, lines }
}

describe('health probes', () => {
  it('answers /healthz and /readyz at the root, without credentials and without a log line', async () => {
    const { app, lines } = await loggedApp()
    const health = await app.app.request('/healthz')
    expect(health.status).toBe(200)
    expect(await json(health)).toEqual({ status: 'ok' })
    // Before any space exists, so the repositories folder is made on first use.
    const ready = await app.app.request('/readyz')
    expect(ready.status).toBe(200)
    expect(await json(ready)).toEqual({ status: 'ok' })
    expect(lines).toEqual([])
  })

  it('answers before the web app, which would otherwise take every path outside /api', async () => {
    const site = mkdtempSync(join(tmpdir(), 'quire-site-'))
    writeFileSync(join(site, 'index.html'), '<div id="root"></div>')
    t = await testApp({ webApp: serveWebApp(site) })
    expect(await json(await t.app.request('/healthz'))).toEqual({ status: 'ok' })
    expect(await json(await t.app.request('/readyz'))).toEqual({ status: 'ok' })
    expect(await (await t.app.request('/s/acme')).text()).toContain('<div id="root">')
    rmSync(site, { recursive: true, force: true })
  })

  it('is not part of the versioned API', async () => {
    t = await testApp()
    expect((await t.app.request('/api/v1/healthz')).status).toBe(404)
    expect((await t.app.request('/api/v1/readyz')).status).toBe(404)
  })

  it('is not ready while the repositories folder cannot be used, and says when to retry', async () => {
    const { app, lines } = await loggedApp()
    rmSync(join(app.dir, 'repos'), { recursive: true, force: true })
    writeFileSync(join(app.dir, 'repos'), 'not a folder')
    const ready = await app.app.request('/readyz', { headers: { 'accept-language': 'fr' } })
    expect(ready.status).toBe(503)
    expect(ready.headers.get('retry-after')).toBe('5')
    expect(await json(ready)).toEqual({
      error: 'unavailable',
      message: expect.stringContaining('indisponible'),
    })
    // The process itself still answers.
    expect((await app.app.request('/healthz')).status).toBe(200)
    expect(lines).toEqual([{ level: 'warn', msg: 'not ready' }])
  })

  it('is not ready once the repositories folder is gone (a storage not mounted), and leaves it gone', async () => {
    const { app } = await loggedApp()
    expect((await app.app.request('/readyz')).status).toBe(200)
    rmSync(join(app.dir, 'repos'), { recursive: true, force: true })
    expect((await app.app.request('/readyz')).status).toBe(503)
    expect(existsSync(join(app.dir, 'repos'))).toBe(false)
  })

  it.skipIf(onPostgres)('is not ready once the database is closed', async () => {
    t = await testApp()
    t.sqlite.close()
    const ready = await t.app.request('/readyz')
    expect(ready.status).toBe(503)
    expect(await json(ready)).toMatchObject({ error: 'unavailable' })
  })
})
