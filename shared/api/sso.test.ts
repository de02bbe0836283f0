import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { SIGN_IN_PER_IP, SSO_ATTEMPT_MS } from '../domain/limits.ts'
import { type OidcTestProvider, startOidcProvider } from '../testing/oidc-provider.ts'
import { json, sessionCookie, type TestApp, testApp } from '../testing/test-app.ts'

/**
 * Single sign-on over HTTP, against a real OpenID Connect provider on loopback: the browser's
 * redirects are followed by hand, carrying the state cookie to the callback as a browser would.
 */

const BASE = 'http://localhost'
const SLUGS = ['corp', 'open', 'closed']
const SECRET = 'the-client-secret'

let idp: OidcTestProvider
let t: TestApp
let root: string

beforeAll(async () => {
  idp = await startOidcProvider({
    clients: [
      {
        clientId: 'quire',
        clientSecret: SECRET,
        redirectUris: SLUGS.map((slug) => `${BASE}/api/v1/sso/${slug}/callback`),
      },
    ],
    accounts: [
      { subject: 'ada-1', email: 'Ada@Example.com', emailVerified: true, name: 'Ada at Corp' },
      {
        subject: 'grace-1',
        email: 'grace@corp.example',
        emailVerified: true,
        preferredUsername: 'Grace.H',
        name: 'Grace Hopper',
      },
      { subject: 'linus-1', email: 'linus@elsewhere.example', emailVerified: true, name: 'Linus' },
      { subject: 'mallory-1', email: 'mallory@corp.example', emailVerified: false, name: 'Mallory' },
    ],
  })
})
afterAll(() => idp.close())

beforeEach(async () => {
  t = await testApp({ apiDocs: true })
  root = await t.user('root', { superadmin: true })
  await t.user('ada', { emailVerified: true })
  return () => t.close()
})

/** Creates or changes a provider as the super admin, on the loopback provider unless told. */
const putProvider = (slug: string, body: Record<string, unknown> = {}) =>
  t.call('PUT', `/sso-providers/${slug}`, {
    token: root,
    body: {
      kind: 'oidc',
      name: 'Corp',
      issuer: idp.issuer,
      client_id: 'quire',
      client_secret: SECRET,
      ...body,
    },
  })

/** The browser asks to sign in: where it is sent, and the state cookie it keeps. */
async function begin(slug: string, next?: string, headers: Record<string, string> = {}) {
  const query = next === undefined ? '' : `?next=${encodeURIComponent(next)}`
  const response = await t.app.request(`/api/v1/sso/${slug}/start${query}`, { headers })
  const stateCookie = /quire_sso_state=[^;]+/.exec(response.headers.get('set-cookie') ?? '')?.[0] ?? ''
  return { response, location: response.headers.get('location') ?? '', stateCookie }
}

/** The browser comes back from the provider to the callback, with the cookies it holds. */
const comeBack = (callbackUrl: string, cookie: string) => {
  const url = new URL(callbackUrl)
  expect(url.origin).toBe(BASE)
  return t.app.request(`${url.pathname}${url.search}`, { headers: cookie ? { cookie } : {} })
}

/** A whole sign-in as a person of the provider (null: they decline there). */
async function signInAs(subject: string | null, options: { slug?: string; next?: string } = {}) {
  const slug = options.slug ?? 'corp'
  const started = await begin(slug, options.next)
  expect(started.response.status).toBe(302)
  idp.signInAs(subject)
  return await comeBack(await idp.authorize(started.location), started.stateCookie)
}

/** Where a refused sign-in sends the browser. */
const refusedWith = (reason: string) => `/sign-in?sso_error=${reason}`

const me = async (response: Response) =>
  json(await t.call('GET', '/me', { headers: { cookie: sessionCookie(response) } }))

describe('single sign-on providers (super admin)', () => {
  it('creates, changes, lists and deletes a provider, and never shows its client secret', async () => {
    const created = await putProvider('corp', { allowed_domains: ['Corp.Example'] })
    expect(created.status).toBe(201)
    const text = await created.text()
    expect(text).not.toContain(SECRET)
    expect(JSON.parse(text)).toEqual({
      slug: 'corp',
      kind: 'oidc',
      name: 'Corp',
      issuer: idp.issuer,
      client_id: 'quire',
      auto_create: false,
      link_by_email: null,
      allowed_domains: ['corp.example'],
      enabled: true,
      callback_url: `${BASE}/api/v1/sso/corp/callback`,
      open_to_anyone: false,
    })

    const changed = await putProvider('corp', { name: 'Corp SSO', client_secret: null, enabled: false })
    expect(changed.status).toBe(200)
    expect(await json(changed)).toMatchObject({ name: 'Corp SSO', enabled: false, allowed_domains: [] })

    const listed = await t.call('GET', '/sso-providers', { token: root })
    expect(listed.status).toBe(200)
    const listText = await listed.text()
    expect(listText).not.toContain(SECRET)
    expect(listText).not.toContain('secret')
    expect(JSON.parse(listText)).toMatchObject([{ slug: 'corp', name: 'Corp SSO' }])

    expect((await t.call('DELETE', '/sso-providers/corp', { token: root })).status).toBe(204)
    expect(await json(await t.call('GET', '/sso-providers', { token: root }))).toEqual([])
    const again = await t.call('DELETE', '/sso-providers/corp', { token: root })
    expect(again.status).toBe(404)
    expect((await json(again)).error).toBe('not_found')
  })

  it('keeps the stored secret when client_secret is null, and uses a new one when given', async () => {
    expect((await putProvider('corp', { link_by_email: true })).status).toBe(201)
    expect((await putProvider('corp', { link_by_email: true, client_secret: null })).status).toBe(200)
    // The provider checks the secret at each sign-in: the kept one still works.
    expect((await signInAs('ada-1')).headers.get('location')).toBe('/')

    await putProvider('corp', { link_by_email: true, client_secret: 'not-the-secret' })
    expect((await signInAs('ada-1')).headers.get('location')).toBe(refusedWith('failed'))
  })

  it('needs the client secret to create a provider, and refuses malformed settings', async () => {
    const missing = await putProvider('corp', { client_secret: null })
    expect(missing.status).toBe(400)
    expect((await json(missing)).error).toBe('invalid')
    expect((await putProvider('corp', { client_secret: undefined })).status).toBe(400)
    expect((await putProvider('Corp SSO')).status).toBe(400)
    expect((await putProvider('corp', { allowed_domains: ['not a domain'] })).status).toBe(400)
    expect((await putProvider('corp', { kind: 'saml' })).status).toBe(422)
    expect((await putProvider('corp', { name: '' })).status).toBe(422)
    expect(await json(await t.call('GET', '/sso-providers', { token: root }))).toEqual([])
  })

  it('refuses an issuer over plain http unless it is on loopback', async () => {
    for (const issuer of [
      'http://idp.example.com',
      'http://192.168.1.10:8080',
      'https://idp.example.com/?x=1',
    ]) {
      const refused = await putProvider('corp', { issuer })
      expect(refused.status, issuer).toBe(400)
      expect((await json(refused)).error).toBe('invalid')
    }
    expect((await putProvider('corp', { issuer: 'http://127.0.0.1:4444' })).status).toBe(201)
    expect((await putProvider('corp', { issuer: 'https://idp.example.com/realms/acme' })).status).toBe(200)
    expect((await putProvider('other', { kind: 'oidc', issuer: null })).status).toBe(400)
  })

  it('knows Google’s and Microsoft’s issuers and says when a provider lets anyone in', async () => {
    const google = await json(
      await putProvider('google', { kind: 'google', issuer: null, auto_create: true }),
    )
    expect(google).toMatchObject({ issuer: 'https://accounts.google.com', open_to_anyone: true })
    const limited = await json(
      await putProvider('google', {
        kind: 'google',
        issuer: null,
        auto_create: true,
        allowed_domains: ['corp.example'],
      }),
    )
    expect(limited.open_to_anyone).toBe(false)
    const microsoft = await json(
      await putProvider('microsoft', { kind: 'microsoft', issuer: null, auto_create: true }),
    )
    expect(microsoft).toMatchObject({
      issuer: 'https://login.microsoftonline.com/common/v2.0',
      open_to_anyone: true,
    })
    const closed = await json(await putProvider('corp', { auto_create: true }))
    expect(closed.open_to_anyone).toBe(false)
  })

  it('is the super admin’s alone, and not through a restricted token', async () => {
    await putProvider('corp')
    const bob = await t.user('bob')
    expect((await t.call('GET', '/sso-providers', { token: bob })).status).toBe(403)
    expect((await t.call('DELETE', '/sso-providers/corp', { token: bob })).status).toBe(403)
    expect((await t.call('GET', '/sso-providers')).status).toBe(401)
    const token = await json<{ token: string }>(
      await t.call('POST', '/me/tokens', { token: root, body: { name: 'ci', read_only: true } }),
    )
    const restricted = await t.call('PUT', '/sso-providers/corp', {
      token: token.token,
      body: { kind: 'google', name: 'x', client_id: 'x', client_secret: 'x' },
    })
    expect(restricted.status).toBe(403)
  })

  it('shows the sign-in page the enabled providers, to anyone', async () => {
    await putProvider('corp', { name: 'Corp' })
    await putProvider('closed', { name: 'Closed', enabled: false })
    const listed = await t.call('GET', '/session/providers')
    expect(listed.status).toBe(200)
    expect(await json(listed)).toEqual([
      { slug: 'corp', name: 'Corp', start_url: `${BASE}/api/v1/sso/corp/start` },
    ])
  })

  it('keeps the accounts of a deleted provider', async () => {
    await putProvider('corp', { auto_create: true })
    await signInAs('linus-1')
    await t.call('DELETE', '/sso-providers/corp', { token: root })
    const users = await json<{ username: string }[]>(await t.call('GET', '/users', { token: root }))
    expect(users.map((u) => u.username)).toContain('linus')
  })
})

describe('signing in through a provider', () => {
  it('links the account holding the verified address, opens a session and goes to next', async () => {
    await putProvider('corp', { link_by_email: true })
    const started = await begin('corp', '/s/acme/wiki/page/guide.md')
    expect(started.response.status).toBe(302)
    const authorization = new URL(started.location)
    expect(authorization.origin).toBe(new URL(idp.issuer).origin)
    expect(authorization.searchParams.get('redirect_uri')).toBe(`${BASE}/api/v1/sso/corp/callback`)
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256')
    const setCookie = started.response.headers.get('set-cookie') ?? ''
    expect(setCookie).toMatch(/HttpOnly/i)
    expect(setCookie).toMatch(/SameSite=Lax/i)
    expect(setCookie).toMatch(/Path=\/api\/v1\/sso\//)

    idp.signInAs('ada-1')
    const back = await comeBack(await idp.authorize(started.location), started.stateCookie)
    expect(back.status).toBe(302)
    expect(back.headers.get('location')).toBe('/s/acme/wiki/page/guide.md')
    expect(await me(back)).toMatchObject({ username: 'ada', display_name: 'Ada' })

    // Linked now: the next sign-in of that subject is the same account.
    const again = await signInAs('ada-1')
    expect((await me(again)).username).toBe('ada')
  })

  it('does not link by address unless the provider says so for a generic provider', async () => {
    await putProvider('corp')
    expect((await signInAs('ada-1')).headers.get('location')).toBe(refusedWith('no_account'))
  })

  it('creates an account for anyone when no domain is set', async () => {
    await putProvider('corp', { auto_create: true })
    const made = await signInAs('linus-1', { next: '/search' })
    expect(made.headers.get('location')).toBe('/search')
    expect(await me(made)).toMatchObject({
      username: 'linus',
      display_name: 'Linus',
      email: 'linus@elsewhere.example',
      email_verified: true,
    })
    // Without a password: it cannot sign in with one.
    const password = await t.call('POST', '/session', { body: { username: 'linus', password: 'linus' } })
    expect(password.status).toBe(401)
  })

  it('creates accounts only in the allowed domains', async () => {
    await putProvider('corp', { auto_create: true, allowed_domains: ['corp.example'] })
    const grace = await signInAs('grace-1')
    expect(grace.headers.get('location')).toBe('/')
    expect(await me(grace)).toMatchObject({ username: 'grace.h', display_name: 'Grace Hopper' })

    const outsider = await signInAs('linus-1')
    expect(outsider.headers.get('location')).toBe(refusedWith('not_allowed'))
    expect(sessionCookie(outsider)).toBe('')
    // Linking is limited as creation is: ada's address is not in the domain.
    await putProvider('corp', { auto_create: true, link_by_email: true, allowed_domains: ['corp.example'] })
    expect((await signInAs('ada-1')).headers.get('location')).toBe(refusedWith('not_allowed'))
  })

  it('refuses an address the provider does not call verified', async () => {
    await putProvider('corp', { auto_create: true, allowed_domains: ['corp.example'] })
    const refused = await signInAs('mallory-1')
    expect(refused.headers.get('location')).toBe(refusedWith('unverified_email'))
    const users = await json<{ username: string }[]>(await t.call('GET', '/users', { token: root }))
    expect(users.map((u) => u.username)).not.toContain('mallory')
  })

  it('refuses a deactivated account', async () => {
    await putProvider('corp', { link_by_email: true })
    await signInAs('ada-1')
    await t.call('PATCH', '/users/ada', { token: root, body: { is_active: false } })
    const refused = await signInAs('ada-1')
    expect(refused.headers.get('location')).toBe(refusedWith('deactivated'))
    expect(sessionCookie(refused)).toBe('')
  })

  it('is refused by a disabled provider, at the start and at the callback', async () => {
    await putProvider('corp', { link_by_email: true })
    const started = await begin('corp')
    idp.signInAs('ada-1')
    const callback = await idp.authorize(started.location)
    await putProvider('corp', { link_by_email: true, client_secret: null, enabled: false })

    expect((await begin('corp')).location).toBe(refusedWith('disabled'))
    expect((await begin('nowhere')).location).toBe(refusedWith('disabled'))
    const refused = await comeBack(callback, started.stateCookie)
    expect(refused.headers.get('location')).toBe(refusedWith('disabled'))
    expect(sessionCookie(refused)).toBe('')
  })

  it('refuses a callback whose state is not the one this browser began with', async () => {
    await putProvider('corp', { link_by_email: true })
    // The attacker begins a sign-in of their own, and sends its callback to someone else's browser.
    const theirs = await begin('corp')
    idp.signInAs('linus-1')
    const forged = await idp.authorize(theirs.location)
    const mine = await begin('corp')

    const withMyCookie = await comeBack(forged, mine.stateCookie)
    expect(withMyCookie.headers.get('location')).toBe(refusedWith('failed'))
    expect(sessionCookie(withMyCookie)).toBe('')
    const withoutCookie = await comeBack(forged, '')
    expect(withoutCookie.headers.get('location')).toBe(refusedWith('failed'))
  })

  it('takes a callback once, and refuses a code used again', async () => {
    await putProvider('corp', { link_by_email: true })
    const started = await begin('corp')
    idp.signInAs('ada-1')
    const callback = await idp.authorize(started.location)
    const first = await comeBack(callback, started.stateCookie)
    expect(first.headers.get('location')).toBe('/')
    // The state cookie is cleared by the callback.
    expect(first.headers.get('set-cookie')).toMatch(/quire_sso_state=;/)

    const replayed = await comeBack(callback, started.stateCookie)
    expect(replayed.headers.get('location')).toBe(refusedWith('expired'))

    // The code again, in a sign-in of its own: the provider refuses it.
    const other = await begin('corp')
    const code = new URL(callback).searchParams.get('code') ?? ''
    const state = other.stateCookie.slice('quire_sso_state='.length)
    const again = await comeBack(
      `${BASE}/api/v1/sso/corp/callback?code=${code}&state=${state}`,
      other.stateCookie,
    )
    expect(again.headers.get('location')).toBe(refusedWith('failed'))
    expect(sessionCookie(again)).toBe('')
  })

  it('expires a sign-in the provider sends back too late', async () => {
    await putProvider('corp', { link_by_email: true })
    const started = await begin('corp')
    idp.signInAs('ada-1')
    const callback = await idp.authorize(started.location)
    t.clock.advance(SSO_ATTEMPT_MS)
    expect((await comeBack(callback, started.stateCookie)).headers.get('location')).toBe(
      refusedWith('expired'),
    )
  })

  it('fails at the start when the provider cannot be reached', async () => {
    // A loopback port nothing listens on: discovery is refused at once.
    await putProvider('corp', { issuer: 'http://127.0.0.1:9' })
    const started = await begin('corp')
    expect(started.location).toBe(refusedWith('failed'))
    expect(started.stateCookie).toBe('')
  })

  it('fails when the person declines at the provider', async () => {
    await putProvider('corp', { link_by_email: true })
    expect((await signInAs(null)).headers.get('location')).toBe(refusedWith('failed'))
  })

  it('goes home for a next that is not a path of this site', async () => {
    await putProvider('corp', { link_by_email: true })
    for (const next of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      const back = await signInAs('ada-1', { next })
      expect(back.headers.get('location'), next).toBe('/')
    }
  })

  it('counts attempts toward the sign-in limit: beyond it, the browser is told, and a client gets 429', async () => {
    await putProvider('corp', { link_by_email: true })
    // Sign-ins that succeed give their attempt back.
    for (let i = 0; i < 3; i++) expect((await signInAs('ada-1')).headers.get('location')).toBe('/')
    for (let i = 0; i < SIGN_IN_PER_IP.max; i++) expect((await begin('corp')).response.status).toBe(302)

    const browser = await begin('corp')
    expect(browser.location).toBe(refusedWith('too_many'))
    const client = await begin('corp', undefined, { accept: 'application/json' })
    expect(client.response.status).toBe(429)
    expect((await json(client.response)).error).toBe('too_many_requests')
    // Password sign-ins from the address wait as well.
    const password = await t.call('POST', '/session', { body: { username: 'ada', password: 'ada-password' } })
    expect(password.status).toBe(429)
  })

  it('answers a client asking for JSON with the error rather than a redirect', async () => {
    const response = await t.app.request('/api/v1/sso/nowhere/start', {
      headers: { accept: 'application/json' },
    })
    expect(response.status).toBe(404)
    expect((await json(response)).error).toBe('not_found')
  })
})

describe('the API documentation', () => {
  it('documents the routes of single sign-on', async () => {
    const doc = await json<{ paths: Record<string, Record<string, { operationId?: string }>> }>(
      await t.app.request('/api/v1/openapi.json'),
    )
    expect(doc.paths['/sso-providers']?.get?.operationId).toBe('listSsoProviders')
    expect(doc.paths['/sso-providers/{slug}']?.put?.operationId).toBe('putSsoProvider')
    expect(doc.paths['/sso-providers/{slug}']?.delete?.operationId).toBe('deleteSsoProvider')
    expect(doc.paths['/session/providers']?.get?.operationId).toBe('listSignInProviders')
    expect(doc.paths['/sso/{slug}/start']?.get?.operationId).toBe('startSingleSignOn')
    expect(doc.paths['/sso/{slug}/callback']?.get?.operationId).toBe('finishSingleSignOn')
    expect(JSON.stringify(doc.paths['/sso/{slug}/start'])).toContain('too_many')
  })
})
