import type { Browser, BrowserContext, Page } from 'playwright'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { launchBrowser, recordCspViolations } from './helpers/browser.ts'
import { type RunningServer, startServer } from './helpers/server.ts'

const ADMIN = { username: 'admin', password: 'e2e-admin-password-0123' }
const ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef'

/** Paths the API must document (as written in the schema, relative to the /api/v1 server). */
const EXPECTED_PATHS = ['/session', '/me', '/me/tokens', '/organizations', '/organizations/{org}', '/users']

declare global {
  interface Window {
    cspViolations?: string[]
  }
}

describe('API docs (SERVICE_API_DOCS=true)', () => {
  let server: RunningServer
  let browser: Browser
  let context: BrowserContext
  let page: Page

  beforeAll(async () => {
    server = await startServer({ adminPassword: ADMIN.password, adminToken: ADMIN_TOKEN })
    browser = await launchBrowser()
  })

  afterAll(async () => {
    await browser?.close()
    const code = await server?.stop()
    expect(code).toBe(0)
    expect(server.logs.map((line) => line.msg)).toContain('stopped')
  })

  beforeEach(async () => {
    context = await browser.newContext()
    await recordCspViolations(context)
    page = await context.newPage()
  })

  afterEach(async () => {
    await context?.close()
  })

  it('renders Swagger UI from the server alone, with no request to another origin', async () => {
    const origin = new URL(server.url).origin
    const requests: string[] = []
    const pageErrors: string[] = []
    page.on('request', (request) => requests.push(request.url()))
    page.on('pageerror', (error) => pageErrors.push(error.message))

    const response = await page.goto(`${server.url}/api/docs`)
    expect(response?.status()).toBe(200)
    expect(response?.headers()['content-security-policy']).toContain("default-src 'self'")
    expect(await page.title()).toBe('Quire API')

    // Swagger UI renders one `.opblock-summary-path` per operation, the path in `data-path`.
    const summaries = page.locator('.opblock-summary-path')
    await summaries.first().waitFor({ state: 'visible' })
    await page.waitForLoadState('networkidle')
    const paths = await summaries.evaluateAll((elements) =>
      elements.map((element) => element.getAttribute('data-path') ?? ''),
    )
    for (const path of EXPECTED_PATHS) expect(paths).toContain(path)
    const texts = await summaries.allInnerTexts()
    expect(texts).toContain('/organizations')
    expect(texts).toContain('/me/tokens')
    await expect(page.locator('.info .title').textContent()).resolves.toContain('Quire API')

    // Everything the page loaded came from the server itself: no CDN, no third party.
    expect(requests).toEqual(
      expect.arrayContaining([
        `${origin}/api/docs`,
        `${origin}/api/docs/swagger-ui.css`,
        `${origin}/api/docs/swagger-ui-bundle.js`,
        `${origin}/api/docs/init.js`,
        `${origin}/api/v1/openapi.json`,
      ]),
    )
    const elsewhere = requests.filter((url) => !url.startsWith('data:') && new URL(url).origin !== origin)
    expect(elsewhere).toEqual([])
    expect(pageErrors).toEqual([])
    expect(await page.evaluate(() => window.cspViolations)).toEqual([])
  })

  it('signs in from the docs page with an HttpOnly session cookie', async () => {
    await page.goto(`${server.url}/api/docs`)
    await page.locator('.opblock-summary-path').first().waitFor()

    const result = await page.evaluate(async ({ username, password }) => {
      const json = { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' }
      const anonymous = await fetch('/api/v1/me')
      const signIn = await fetch('/api/v1/session', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ username, password }),
      })
      const me = await fetch('/api/v1/me')
      return {
        anonymous: anonymous.status,
        signIn: signIn.status,
        signedIn: ((await signIn.json()) as { username?: string }).username,
        me: me.status,
        account: (await me.json()) as { username?: string; is_superadmin?: boolean },
        cookie: document.cookie,
      }
    }, ADMIN)

    expect(result.anonymous).toBe(401)
    expect(result.signIn).toBe(200)
    expect(result.signedIn).toBe('admin')
    expect(result.me).toBe(200)
    expect(result.account.username).toBe('admin')
    expect(result.account.is_superadmin).toBe(true)
    // The session cookie exists in the browser but scripts cannot read it.
    expect(result.cookie).not.toContain('quire_session')
    const cookies = await context.cookies(server.url)
    const session = cookies.find((cookie) => cookie.name === 'quire_session')
    expect(session).toBeDefined()
    expect(session?.httpOnly).toBe(true)
    expect(session?.sameSite).toBe('Lax')

    // Signing out (an unsafe method with the cookie, so X-Requested-With again) ends the session.
    const after = await page.evaluate(async () => {
      const signOut = await fetch('/api/v1/session', {
        method: 'DELETE',
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
      })
      const me = await fetch('/api/v1/me')
      return { signOut: signOut.status, me: me.status }
    })
    expect(after).toEqual({ signOut: 204, me: 401 })
  })
})

describe('API docs (SERVICE_API_DOCS unset)', () => {
  let server: RunningServer

  beforeAll(async () => {
    server = await startServer({ adminPassword: ADMIN.password, adminToken: ADMIN_TOKEN, apiDocs: false })
  })

  afterAll(async () => {
    expect(await server?.stop()).toBe(0)
  })

  it('answers 404 for the docs page, its assets and the schema', async () => {
    for (const path of [
      '/api/docs',
      '/api/docs/swagger-ui.css',
      '/api/docs/swagger-ui-bundle.js',
      '/api/docs/init.js',
      '/api/v1/openapi.json',
    ]) {
      const response = await fetch(`${server.url}${path}`)
      await response.body?.cancel()
      expect(response.status, path).toBe(404)
    }
    // The API itself is served all the same.
    const me = await fetch(`${server.url}/api/v1/me`, { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } })
    expect(me.status).toBe(200)
    expect(((await me.json()) as { username?: string }).username).toBe('admin')
  })
})
