import { createHash, randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AppHarness, PEOPLE, screenshot, startApp } from './helpers/app.ts'

describe('connecting an AI assistant through OAuth', () => {
  let app: AppHarness
  /** The assistant's loopback listener: where the person's browser lands after consenting. */
  let listener: Server
  let redirectUri: string
  const landed: URL[] = []

  beforeAll(async () => {
    app = await startApp()
    listener = createServer((request, response) => {
      const url = new URL(request.url ?? '/', redirectUri)
      // The browser also asks this page's host for its icon: only the redirect counts.
      if (url.pathname === '/callback') landed.push(url)
      response.writeHead(200, { 'content-type': 'text/plain' }).end('You may close this window.')
    })
    listener.listen(0, '127.0.0.1')
    await once(listener, 'listening')
    redirectUri = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/callback`
  })

  afterAll(async () => {
    listener?.close()
    await app?.close()
  })

  it('signs in from the authorize link, consents with Allow, and the code it brings back buys tokens', async () => {
    const base = app.server.url
    const registered = await fetch(`${base}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'Test Assistant', redirect_uris: [redirectUri] }),
    })
    expect(registered.status).toBe(201)
    const { client_id: clientId } = (await registered.json()) as { client_id: string }
    const verifier = randomBytes(32).toString('base64url')
    const challenge = createHash('sha256').update(verifier).digest('base64url')
    const authorize = new URL('/oauth/authorize', base)
    authorize.search = new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: redirectUri,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: 'state-123',
      scope: 'read write',
      resource: `${base}/mcp`,
    }).toString()

    const context = await app.newContext()
    const page = await context.newPage()
    await page.goto(authorize.toString())
    await page.waitForURL(/\/sign-in\?next=%2Foauth%2Fauthorize/)
    await page.getByLabel('Username').fill(PEOPLE.contributor.username)
    await page.getByLabel('Password').fill(PEOPLE.contributor.password)
    await page.getByRole('button', { name: 'Sign in' }).click()

    await page.waitForURL((url) => url.pathname === '/oauth/authorize')
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Allow Test Assistant to use your account?')
    expect(await page.getByText('127.0.0.1:').first().isVisible()).toBe(true)
    expect(await page.getByRole('checkbox', { name: /acme\/handbook/ }).isVisible()).toBe(true)
    await screenshot(page, 'oauth-consent')
    await page.getByRole('button', { name: 'Allow', exact: true }).click()

    await expect.poll(() => landed.length).toBe(1)
    const answer = landed[0] as URL
    expect(`${answer.origin}${answer.pathname}`).toBe(redirectUri)
    expect(answer.searchParams.get('state')).toBe('state-123')
    expect(answer.searchParams.get('iss')).toBe(base)
    const code = answer.searchParams.get('code') ?? ''

    const exchanged = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        code_verifier: verifier,
        client_id: clientId,
      }),
    })
    expect(exchanged.status).toBe(200)
    expect(await exchanged.json()).toMatchObject({
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'read write',
      access_token: expect.any(String),
      refresh_token: expect.any(String),
    })
    await context.close()
  })
})
