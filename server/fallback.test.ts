import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serveWebApp } from '#shared/adapters/web/serve-web-app.ts'
import { createApp } from '#shared/api/app.ts'
import { type TestApp, testApp } from '#shared/testing/test-app.ts'
import { createMetrics } from './metrics.ts'
import { countRequests, metricsEndpoint } from './metrics-routes.ts'
import { hostRoutes } from './routes.ts'

let t: TestApp
let folder: string
const servers: Server[] = []

/** The app mounted as the hosted server mounts it, with a web app build, over real HTTP; metrics on or off. */
async function serveApp(metricsOn: boolean): Promise<string> {
  let url = ''
  const metrics = metricsOn ? createMetrics() : undefined
  const app = createApp(t.deps, {
    ownOrigins: () => [url],
    webApp: serveWebApp(folder),
    routes: hostRoutes(t.deps, {
      baseUrl: () => url,
      ownOrigins: () => [url],
      countRequests: metrics && countRequests(metrics),
      metrics: metrics && metricsEndpoint(metrics, undefined),
    }),
  })
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server))
  })
  servers.push(server)
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return url
}

beforeAll(async () => {
  t = await testApp()
  folder = mkdtempSync(join(tmpdir(), 'quire-fallback-'))
  writeFileSync(join(folder, 'index.html'), '<!doctype html><div id="root"></div>')
})

afterAll(async () => {
  for (const server of servers) await new Promise<void>((resolve) => server.close(() => resolve()))
  await t.close()
  rmSync(folder, { recursive: true, force: true })
})

/** Expects a JSON 404 in the API's error shape for GET (and no page for HEAD). */
async function expectJsonNotFound(url: string, path: string): Promise<void> {
  for (const method of ['GET', 'HEAD']) {
    const response = await fetch(`${url}${path}`, { method })
    expect(response.status, `${method} ${path}`).toBe(404)
    expect(response.headers.get('content-type'), `${method} ${path}`).toContain('application/json')
    if (method === 'GET') expect(await response.json()).toEqual({ error: 'not_found', message: 'Not found.' })
  }
}

describe('unknown paths under the API, Git, metrics and probe prefixes', () => {
  it('answer a JSON 404, never the web app, with the metrics off', async () => {
    const url = await serveApp(false)
    for (const path of ['/api/nope', '/git/nope', '/metrics', '/healthz/x', '/readyz/x'])
      await expectJsonNotFound(url, path)
    expect(await (await fetch(`${url}/s/acme/wiki`)).text()).toContain('<div id="root">')
  })

  it('answer a JSON 404 with the metrics on, which are served at /metrics alone', async () => {
    const url = await serveApp(true)
    for (const path of ['/api/nope', '/git/nope', '/metrics/x', '/healthz/x', '/readyz/x'])
      await expectJsonNotFound(url, path)
    const metrics = await fetch(`${url}/metrics`)
    expect(metrics.status).toBe(200)
    expect(metrics.headers.get('content-type')).toMatch(/^text\/plain/)
    // The 404s above are counted under the catch-all, never under their own paths.
    const text = await metrics.text()
    expect(text).toContain('quire_http_requests_total{method="GET",route="/*",status="404"} 5')
    expect(text).not.toContain('nope')
    expect(await (await fetch(`${url}/s/acme/wiki`)).text()).toContain('<div id="root">')
  })
})
