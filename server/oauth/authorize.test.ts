import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { seedWorld } from '#shared/testing/builders/seed-world.ts'
import { json } from '#shared/testing/test-app.ts'
import { BASE, hiddenFields, type OAuthTestApp, oauthTestApp, pkce, REDIRECT } from '../testing/oauth-app.ts'

let t: OAuthTestApp
beforeEach(async () => {
  t = await oauthTestApp()
})
afterEach(async () => {
  await t.close()
})

describe('OAuth metadata', () => {
  it('describes /mcp as a protected resource of this authorization server (RFC 9728)', async () => {
    const response = await t.send('/.well-known/oauth-protected-resource/mcp')
    expect(response.status).toBe(200)
    expect(await json(response)).toMatchObject({
      resource: `${BASE}/mcp`,
      authorization_servers: [BASE],
      scopes_supported: ['read', 'write'],
    })
  })

  it('describes the authorization server (RFC 8414), without Client ID Metadata Documents', async () => {
    const response = await t.send('/.well-known/oauth-authorization-server')
    const body = await json(response)
    expect(body).toMatchObject({
      issuer: BASE,
      authorization_endpoint: `${BASE}/oauth/authorize`,
      token_endpoint: `${BASE}/oauth/token`,
      registration_endpoint: `${BASE}/register`,
      revocation_endpoint: `${BASE}/oauth/revoke`,
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
      scopes_supported: ['read', 'write'],
      client_id_metadata_document_supported: false,
    })
    expect(body.grant_types_supported).toEqual(
      expect.arrayContaining(['authorization_code', 'refresh_token']),
    )
    expect(body.token_endpoint_auth_methods_supported).toEqual(
      expect.arrayContaining(['none', 'client_secret_post', 'client_secret_basic']),
    )
  })
})

describe('POST /register', () => {
  it('registers a public client by default, with no secret', async () => {
    const client = await t.register({
      redirect_uris: [REDIRECT, 'https://app.example/cb', 'com.example.app:/cb'],
    })
    expect(client).toMatchObject({
      client_name: 'Claude',
      token_endpoint_auth_method: 'none',
      redirect_uris: [REDIRECT, 'https://app.example/cb', 'com.example.app:/cb'],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    })
    expect(typeof client.client_id).toBe('string')
    expect(client.client_id_issued_at).toBe(Math.floor(t.clock.now() / 1000))
    expect(client).not.toHaveProperty('client_secret')
  })

  it('returns a confidential client’s secret once, and stores only its digest', async () => {
    const client = await t.register({ token_endpoint_auth_method: 'client_secret_basic' })
    expect(client.client_secret).toEqual(expect.any(String))
    expect(client.client_secret_expires_at).toBe(0)
    const stored = await t.deps.store.oauth.client(client.client_id)
    expect(stored?.secretHash).toBe(t.deps.secrets.digest(client.client_secret as string))
    expect(JSON.stringify(stored)).not.toContain(client.client_secret as string)
  })

  it.each([
    ['http on a public host', 'http://app.example/cb'],
    ['a fragment', 'https://app.example/cb#frag'],
    ['a script', 'javascript:alert(1)'],
    ['a relative path', '/cb'],
    ['http on a look-alike of localhost', 'http://localhost.evil.example/cb'],
  ])('refuses a redirect URI with %s', async (_kind, uri) => {
    const response = await t.send('/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uris: [uri] }),
    })
    expect(response.status).toBe(400)
    expect(await json(response)).toMatchObject({
      error: 'invalid_redirect_uri',
      error_description: expect.any(String),
    })
  })

  it('accepts an editor’s own scheme (Cursor, VS Code), not one the browser handles itself', async () => {
    for (const uri of [
      'cursor://anysphere.cursor-retrieval/oauth/user-quire/callback',
      'vscode://vscode.github-authentication/did-authenticate',
    ])
      expect((await t.register({ redirect_uris: [uri] })).redirect_uris).toEqual([uri])
    for (const uri of ['data:text/html,hi', 'file:///etc/passwd', 'vbscript:x', 'ws://127.0.0.1/cb']) {
      const response = await t.send('/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ redirect_uris: [uri] }),
      })
      expect(response.status).toBe(400)
    }
  })

  it('takes offline_access among the scopes asked, as every grant has refresh tokens', async () => {
    expect((await t.register({ scope: 'read write offline_access' })).client_id).toEqual(expect.any(String))
  })

  it('accepts http on every loopback host', async () => {
    for (const uri of ['http://127.0.0.1/cb', 'http://localhost:1234/cb', 'http://[::1]:8080/cb'])
      expect((await t.register({ redirect_uris: [uri] })).redirect_uris).toEqual([uri])
  })

  it('refuses bad metadata and a body that is not JSON', async () => {
    for (const body of [
      JSON.stringify({ redirect_uris: [REDIRECT], token_endpoint_auth_method: 'private_key_jwt' }),
      JSON.stringify({ redirect_uris: [REDIRECT], grant_types: ['client_credentials'] }),
      JSON.stringify({ redirect_uris: [REDIRECT], scope: 'admin' }),
      'not json',
    ]) {
      const response = await t.send('/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
      expect(response.status).toBe(400)
      expect((await json(response)).error).toBe('invalid_client_metadata')
    }
    const missing = await t.send('/register', { method: 'POST', body: JSON.stringify({ client_name: 'x' }) })
    expect((await json(missing)).error).toBe('invalid_redirect_uri')
  })

  it('allows 20 registrations per address per hour, then answers 429 with Retry-After', async () => {
    for (let i = 0; i < 20; i++) await t.register({}, '203.0.113.9')
    const refused = await t.send('/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-test-ip': '203.0.113.9' },
      body: JSON.stringify({ redirect_uris: [REDIRECT] }),
    })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await json(refused)).error).toBe('too_many_requests')
    await t.register({}, '198.51.100.7')
    t.clock.advance(60 * 60_000 + 1)
    await t.register({}, '203.0.113.9')
  })

  it('deletes a client nobody authorized after 24 hours, and keeps one that was', async () => {
    const { cookie } = await t.person('dana')
    const unused = await t.register()
    const used = await t.register()
    await t.consent(cookie, t.authorizeQuery(used.client_id, pkce().challenge))
    t.clock.advance(24 * 60 * 60_000 + 1)
    const { pruneOAuth } = await import('#shared/services/oauth/apps.ts')
    await pruneOAuth(t.deps)
    expect(await t.deps.store.oauth.client(unused.client_id)).toBeUndefined()
    expect(await t.deps.store.oauth.client(used.client_id)).toBeDefined()
    const page = await t.send(`/oauth/authorize?${t.authorizeQuery(unused.client_id, pkce().challenge)}`)
    expect(page.status).toBe(400)
  })
})

describe('GET /oauth/authorize', () => {
  it('never redirects for an unknown client, a URL client_id or an unregistered redirect URI', async () => {
    const { cookie } = await t.person('dana')
    const { client_id } = await t.register()
    const { challenge } = pkce()
    for (const query of [
      t.authorizeQuery('nope', challenge),
      t.authorizeQuery('https://app.example/oauth/client.json', challenge),
      t.authorizeQuery(client_id, challenge, { redirect_uri: 'http://127.0.0.1:7777/other' }),
      t.authorizeQuery(client_id, challenge, { redirect_uri: 'https://evil.example/cb' }),
      t.authorizeQuery(client_id, challenge, { redirect_uri: 'http://localhost:7777/callback' }),
      t.authorizeQuery(client_id, challenge, { redirect_uri: 'https://127.0.0.1:7777/callback' }),
    ]) {
      const response = await t.send(`/oauth/authorize?${query}`, { headers: { cookie } })
      expect(response.status).toBe(400)
      expect(response.headers.get('location')).toBeNull()
      expect(response.headers.get('content-type')).toContain('text/html')
    }
  })

  it('takes a loopback redirect on another port than registered: a native app listens where it can', async () => {
    const { cookie } = await t.person('dana')
    const { client_id } = await t.register()
    const query = t.authorizeQuery(client_id, pkce().challenge, {
      redirect_uri: 'http://127.0.0.1:53682/callback',
    })
    const page = await t.send(`/oauth/authorize?${query}`, { headers: { cookie } })
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('127.0.0.1')
  })

  it.each([
    ['plain PKCE', { code_challenge_method: 'plain' }, 'invalid_request'],
    ['no PKCE method', { code_challenge_method: '' }, 'invalid_request'],
    ['another resource', { resource: 'https://other.example/mcp' }, 'invalid_target'],
    ['an unknown scope', { scope: 'read admin' }, 'invalid_scope'],
  ])('sends %s back to the client as an error with the state', async (_kind, extra, error) => {
    const { client_id } = await t.register()
    const response = await t.send(`/oauth/authorize?${t.authorizeQuery(client_id, pkce().challenge, extra)}`)
    expect(response.status).toBe(302)
    const location = new URL(response.headers.get('location') ?? '')
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT)
    expect(location.searchParams.get('error')).toBe(error)
    expect(location.searchParams.get('state')).toBe('xyz')
    expect(location.searchParams.get('code')).toBeNull()
  })

  it('sends a signed-out person to the web sign-in, which brings them back to this request', async () => {
    const { client_id } = await t.register()
    const path = `/oauth/authorize?${t.authorizeQuery(client_id, pkce().challenge)}`
    const response = await t.send(path)
    expect(response.status).toBe(302)
    const location = new URL(response.headers.get('location') ?? '', BASE)
    expect(location.pathname).toBe('/sign-in')
    expect(location.searchParams.get('next')).toBe(path)
  })

  it('asks for consent naming the app, the host it returns to, the access, and the person’s spaces', async () => {
    await seedWorld(t.deps, { admin: 'dana', spaces: { handbook: {} } })
    const cookie = await t.signIn('dana')
    const { client_id } = await t.register()
    const response = await t.send(`/oauth/authorize?${t.authorizeQuery(client_id, pkce().challenge)}`, {
      headers: { cookie },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    const html = await response.text()
    expect(html).toContain('Allow Claude to use your account?')
    expect(html).toContain('<strong>127.0.0.1:7777</strong>')
    expect(html).toContain('read and search')
    expect(html).toContain('write in your spaces')
    expect(html).toMatch(/<code>acme\/handbook<\/code> Handbook/)
    expect(html).toMatch(/<button[^>]*>Allow<\/button>/)
    expect(html).toMatch(/<button[^>]*>Deny<\/button>/)
    const readOnly = await t.send(
      `/oauth/authorize?${t.authorizeQuery(client_id, pkce().challenge, { scope: 'read' })}`,
      { headers: { cookie } },
    )
    expect(await readOnly.text()).not.toContain('write in your spaces')
  })

  it('speaks French by the account’s language, or by Accept-Language', async () => {
    const { cookie } = await t.person('dana', 'fr')
    const { client_id } = await t.register()
    const query = t.authorizeQuery(client_id, pkce().challenge)
    const html = await (await t.send(`/oauth/authorize?${query}`, { headers: { cookie } })).text()
    expect(html).toContain('Autoriser Claude à utiliser votre compte ?')
    expect(html).toMatch(/<button[^>]*>Autoriser<\/button>/)
    expect(html).toMatch(/<button[^>]*>Refuser<\/button>/)
    const fox = await t.person('fox')
    const byHeader = await t.send(`/oauth/authorize?${query}`, {
      headers: { cookie: fox.cookie, 'accept-language': 'fr-FR,fr;q=0.9' },
    })
    expect(await byHeader.text()).toContain('Refuser')
  })
})

describe('POST /oauth/authorize', () => {
  it('answers Allow with a code, the state and the issuer', async () => {
    const { cookie } = await t.person('dana')
    const { client_id } = await t.register()
    const answer = await t.consent(cookie, t.authorizeQuery(client_id, pkce().challenge))
    expect(answer.get('code')).toMatch(/.{40,}/)
    expect(answer.get('state')).toBe('xyz')
    expect(answer.get('iss')).toBe(BASE)
  })

  it('answers Deny with access_denied and the state, and no code', async () => {
    const { cookie } = await t.person('dana')
    const { client_id } = await t.register()
    const answer = await t.consent(cookie, t.authorizeQuery(client_id, pkce().challenge), {
      decision: 'deny',
    })
    expect(answer.get('error')).toBe('access_denied')
    expect(answer.get('state')).toBe('xyz')
    expect(answer.get('code')).toBeNull()
  })

  it('refuses a form from another site, without a token, or with another session’s token', async () => {
    const { cookie } = await t.person('dana')
    const fox = await t.person('fox')
    const { client_id } = await t.register()
    const query = t.authorizeQuery(client_id, pkce().challenge)
    const page = await t.send(`/oauth/authorize?${query}`, { headers: { cookie } })
    const fields = hiddenFields(await page.text())
    fields.set('decision', 'allow')
    const post = (headers: Record<string, string>, body: URLSearchParams) =>
      t.send('/oauth/authorize', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: body.toString(),
      })
    const crossSite = await post({ cookie, origin: 'https://evil.example' }, fields)
    expect(crossSite.status).toBe(403)
    expect(crossSite.headers.get('location')).toBeNull()
    const noOrigin = await post({ cookie }, fields)
    expect(noOrigin.status).toBe(403)
    const withoutToken = new URLSearchParams(fields)
    withoutToken.delete('csrf')
    expect((await post({ cookie, origin: BASE }, withoutToken)).status).toBe(403)
    expect((await post({ cookie: fox.cookie, origin: BASE }, fields)).status).toBe(403)
    const otherRequest = new URLSearchParams(fields)
    otherRequest.set('scope', 'read')
    expect((await post({ cookie, origin: BASE }, otherRequest)).status).toBe(403)
    const sameSite = await post({ cookie, 'sec-fetch-site': 'same-origin' }, fields)
    expect(sameSite.status).toBe(302)
  })

  it('refuses a space the person cannot read', async () => {
    await seedWorld(t.deps, { admin: null, spaces: { secret: { name: 'S' } } })
    const { cookie } = await t.person('dana')
    const { client_id } = await t.register()
    await expect(
      t.consent(cookie, t.authorizeQuery(client_id, pkce().challenge), {
        spaces: [await t.idOf('space', 'secret')],
      }),
    ).rejects.toThrow(/no redirect: 400/)
  })
})
