import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serveWebApp } from '#shared/adapters/web/serve-web-app.ts'
import { createApp } from '#shared/api/app.ts'
import { type TestApp, testApp } from '#shared/testing/test-app.ts'
import { hostRoutes } from './routes.ts'

let t: TestApp
let folder: string
let server: Server
let url = ''

// The app mounted as the hosted server mounts it (host routes, then the web app), over real HTTP.
beforeAll(async () => {
  t = await testApp()
  folder = mkdtempSync(join(tmpdir(), 'quire-reserved-'))
  mkdirSync(join(folder, 'assets'))
  writeFileSync(join(folder, 'index.html'), '<!doctype html><div id="root"></div>')
  writeFileSync(join(folder, 'assets', 'app-1234.js'), 'console.log("app")')
  const app = createApp(t.deps, {
    ownOrigins: () => [url],
    webApp: serveWebApp(folder),
    routes: hostRoutes(t.deps, { baseUrl: () => url, ownOrigins: () => [url] }),
  })
  server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server))
  })
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
  await t.close()
  rmSync(folder, { recursive: true, force: true })
})

describe('paths the server keeps for itself', () => {
  it('answers an unknown one with a JSON 404, not the web app', async () => {
    for (const path of [
      '/metrics',
      '/metrics/prometheus',
      '/health',
      '/healthz/deep',
      '/livez',
      '/readyz/extra',
      '/mcp/sessions',
      '/.well-known/security.txt',
      '/oauth/unknown',
      '/register',
      '/git/acme/wiki/objects/info/packs',
      '/api',
      '/api/v2/spaces',
      '/assets/missing-0000.js',
    ]) {
      for (const method of ['GET', 'HEAD']) {
        const response = await fetch(`${url}${path}`, { method })
        expect(response.status, `${method} ${path}`).toBe(404)
        expect(response.headers.get('content-type'), `${method} ${path}`).toContain('application/json')
        if (method === 'GET') expect(await response.json()).toMatchObject({ error: 'not_found' })
      }
    }
  })

  it('answers its French message to a French caller', async () => {
    const response = await fetch(`${url}/metrics`, { headers: { 'accept-language': 'fr' } })
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ error: 'not_found', message: 'Introuvable.' })
  })

  it('still serves what it does answer there', async () => {
    expect((await fetch(`${url}/healthz`)).status).toBe(200)
    const metadata = await fetch(`${url}/.well-known/oauth-authorization-server`)
    expect(metadata.status).toBe(200)
    expect(await metadata.json()).toMatchObject({ issuer: url })
    const bundle = await fetch(`${url}/assets/app-1234.js`)
    expect(bundle.status).toBe(200)
    expect(await bundle.text()).toContain('console.log')
  })

  it('keeps serving the web app at its own paths', async () => {
    for (const path of ['/', '/s/acme/wiki', '/s/acme/wiki/health', '/org/acme', '/account', '/sign-in']) {
      const response = await fetch(`${url}${path}`)
      expect(response.status, path).toBe(200)
      expect(await response.text(), path).toContain('<div id="root">')
    }
  })
})
