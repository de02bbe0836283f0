import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, type AppHarness, PEOPLE, screenshot, signIn, startApp } from './helpers/app.ts'
import { recordCspViolations } from './helpers/browser.ts'

declare global {
  interface Window {
    cspViolations?: string[]
  }
}

describe('the web app: serving, sign in and out', () => {
  let app: AppHarness

  beforeAll(async () => {
    app = await startApp()
  })

  afterAll(async () => {
    await app?.close()
  })

  it('serves the app at / and at its own paths, with a strict CSP, and keeps JSON 404s for the API', async () => {
    const home = await fetch(`${app.server.url}/`)
    expect(home.status).toBe(200)
    expect(home.headers.get('content-type')).toContain('text/html')
    const csp = home.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toContain('unsafe-inline')

    const deep = await fetch(`${app.server.url}/s/acme/handbook/page/guides/setup.md`)
    expect(deep.status).toBe(200)
    expect(await deep.text()).toContain('<div id="root">')

    const api = await fetch(`${app.server.url}/api/v1/nothing-here`)
    expect(api.status).toBe(404)
    expect(await api.json()).toMatchObject({ error: 'not_found' })

    const missing = await fetch(`${app.server.url}/assets/missing-abc123.js`)
    expect(missing.status).toBe(404)
  })

  it('sends a person to sign in, explains a wrong password, then opens the page they asked for', async () => {
    const context = await app.newContext()
    await recordCspViolations(context)
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))

    await page.goto('/s/acme/handbook')
    await page.waitForURL(/\/sign-in\?next=/)
    await page.getByLabel('Username').fill(PEOPLE.reader.username)
    await page.getByLabel('Password').fill('not the password')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Wrong username or password.')
    await screenshot(page, 'sign-in')

    await page.getByLabel('Password').fill(PEOPLE.reader.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL((url) => url.pathname === '/s/acme/handbook')

    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.waitForURL(/\/sign-in/)
    await page.goto('/')
    await page.waitForURL(/\/sign-in/)
    expect(await page.evaluate(() => window.cspViolations)).toEqual([])
    expect(errors).toEqual([])
  })

  it('speaks French to a French browser, and shows the spaces a person can read on the home screen', async () => {
    const context = await app.newContext('fr-FR')
    const page = await context.newPage()
    await page.goto('/')
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Connexion')
    await signIn(page, PEOPLE.contributor)
    await expect.poll(() => page.getByRole('heading', { name: 'Espaces' }).isVisible()).toBe(true)
    await expect.poll(() => page.getByRole('link', { name: 'Handbook' }).isVisible()).toBe(true)
    // The seeded pages were written through the API: they wait in the inbox as changes.
    await expect
      .poll(() => page.getByRole('link', { name: /\d+ éléments dans la boîte de réception/ }).textContent())
      .toBe('3 éléments dans la boîte de réception')
    const recent = page.getByRole('region', { name: 'Modifications récentes' })
    await expect.poll(() => recent.getByRole('link').allTextContents()).toContain('Holidays')
    await screenshot(page, 'home')
    await page.getByRole('button', { name: 'Se déconnecter' }).click()
    await page.waitForURL(/\/sign-in/)
  })

  it('explains too many attempts in the person’s language', async () => {
    const context = await app.newContext('fr-FR')
    const page = await context.newPage()
    await page.goto('/sign-in')
    await page.getByLabel('Nom d’utilisateur').fill(ADMIN.username)
    const alert = page.getByRole('alert')
    // Each attempt waits for its own answer: the alert of the previous one is still on the screen.
    let status = 0
    for (let i = 0; i < 11 && status !== 429; i++) {
      await page.getByLabel('Mot de passe').fill(`wrong-${i}`)
      const answer = page.waitForResponse(
        (r) => r.request().method() === 'POST' && r.url().endsWith('/session'),
      )
      await page.getByRole('button', { name: 'Se connecter' }).click()
      status = (await answer).status()
    }
    expect(status).toBe(429)
    await expect
      .poll(() => alert.textContent())
      .toMatch(/Trop de tentatives de connexion : réessayez dans \d+ secondes\./)
  })
})
