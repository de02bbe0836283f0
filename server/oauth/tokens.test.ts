import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DomainError } from '#shared/errors/domain-error.ts'
import { authenticateAccessToken } from '#shared/services/oauth/authenticate-access-token.ts'
import { seedWorld } from '#shared/testing/builders/seed-world.ts'
import { json } from '#shared/testing/test-app.ts'
import { BASE, type OAuthTestApp, oauthTestApp, pkce, REDIRECT } from '../testing/oauth-app.ts'

let t: OAuthTestApp
beforeEach(async () => {
  t = await oauthTestApp()
})
afterEach(async () => {
  await t.close()
})

const MCP = { issuer: BASE, audience: `${BASE}/mcp` }

/** A client's code from a person's consent, with its verifier. */
async function codeFor(cookie: string, metadata: Record<string, unknown> = {}) {
  const client = await t.register(metadata)
  const { verifier, challenge } = pkce()
  const answer = await t.consent(cookie, t.authorizeQuery(client.client_id, challenge))
  return { client, verifier, code: answer.get('code') ?? '' }
}

const exchange = (clientId: string, code: string, verifier: string, extra: Record<string, string> = {}) =>
  t.form('/oauth/token', {
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT,
    code_verifier: verifier,
    client_id: clientId,
    ...extra,
  })

const refresh = (clientId: string, token: string) =>
  t.form('/oauth/token', { grant_type: 'refresh_token', refresh_token: token, client_id: clientId })

describe('POST /oauth/token: authorization_code', () => {
  it('exchanges a code for a one-hour JWT access token and a refresh token, not cached', async () => {
    const { cookie } = await t.person('dana')
    const { client, code, verifier } = await codeFor(cookie)
    const response = await exchange(client.client_id, code, verifier)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const body = await json(response)
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'read write' })
    expect(body.refresh_token).toEqual(expect.any(String))
    const [, payload] = String(body.access_token).split('.')
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString())
    expect(claims).toMatchObject({
      iss: BASE,
      aud: `${BASE}/mcp`,
      sub: String(await t.idOf('account', 'dana')),
    })
    expect(claims.exp - claims.iat).toBe(3600)
    expect(claims.grant).toEqual(expect.any(String))
    expect(claims.scope).toBe('read write')
  })

  it('refuses a wrong verifier, another redirect URI, or another client', async () => {
    const { cookie } = await t.person('dana')
    const { client, code, verifier } = await codeFor(cookie)
    const wrong = await exchange(client.client_id, code, pkce().verifier)
    expect(wrong.status).toBe(400)
    expect((await json(wrong)).error).toBe('invalid_grant')
    const elsewhere = await exchange(client.client_id, code, verifier, {
      redirect_uri: 'http://127.0.0.1:7777/x',
    })
    expect((await json(elsewhere)).error).toBe('invalid_grant')
    const other = await t.register()
    expect((await json(await exchange(other.client_id, code, verifier))).error).toBe('invalid_grant')
    expect((await exchange(client.client_id, code, verifier)).status).toBe(200)
  })

  it('refuses a code after 60 seconds', async () => {
    const { cookie } = await t.person('dana')
    const { client, code, verifier } = await codeFor(cookie)
    t.clock.advance(60_000)
    const late = await exchange(client.client_id, code, verifier)
    expect(late.status).toBe(400)
    expect((await json(late)).error).toBe('invalid_grant')
  })

  it('revokes the whole grant when a code is used a second time', async () => {
    const { cookie } = await t.person('dana')
    const { client, code, verifier } = await codeFor(cookie)
    const first = await json<Record<string, string>>(await exchange(client.client_id, code, verifier))
    const again = await exchange(client.client_id, code, verifier)
    expect(again.status).toBe(400)
    expect((await json(again)).error).toBe('invalid_grant')
    expect((await json(await refresh(client.client_id, first.refresh_token ?? ''))).error).toBe(
      'invalid_grant',
    )
    await expect(authenticateAccessToken(t.deps, first.access_token ?? '', MCP)).rejects.toThrow(DomainError)
  })

  it('authenticates a confidential client by client_secret_basic or client_secret_post, and refuses a wrong secret', async () => {
    const { cookie } = await t.person('dana')
    for (const via of ['basic', 'post'] as const) {
      const { client, code, verifier } = await codeFor(cookie, {
        token_endpoint_auth_method: 'client_secret_post',
      })
      const id = client.client_id
      const secret = client.client_secret as string
      const basic = (s: string) => ({
        authorization: `Basic ${Buffer.from(`${id}:${s}`).toString('base64')}`,
      })
      const fields = {
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT,
        code_verifier: verifier,
      }
      const missing = await t.form('/oauth/token', { ...fields, client_id: id })
      expect(missing.status).toBe(401)
      expect((await json(missing)).error).toBe('invalid_client')
      const wrong =
        via === 'basic'
          ? await t.form('/oauth/token', fields, basic('nope'))
          : await t.form('/oauth/token', { ...fields, client_id: id, client_secret: 'nope' })
      expect(wrong.status).toBe(401)
      const right =
        via === 'basic'
          ? await t.form('/oauth/token', fields, basic(secret))
          : await t.form('/oauth/token', { ...fields, client_id: id, client_secret: secret })
      expect(right.status).toBe(200)
    }
  })

  it('answers OAuth errors for an unknown grant type, a JSON body and a missing code', async () => {
    const { client_id } = await t.register()
    const unknown = await t.form('/oauth/token', { grant_type: 'password', client_id })
    expect((await json(unknown)).error).toBe('unsupported_grant_type')
    const asJson = await t.send('/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'authorization_code', client_id }),
    })
    expect(asJson.status).toBe(400)
    expect((await json(asJson)).error).toBe('invalid_request')
    const noCode = await t.form('/oauth/token', { grant_type: 'authorization_code', client_id })
    expect((await json(noCode)).error).toBe('invalid_request')
    const nobody = await t.form('/oauth/token', { grant_type: 'authorization_code', code: 'x' })
    expect(nobody.status).toBe(401)
  })
})

describe('POST /oauth/token: refresh_token', () => {
  it('rotates the refresh token: the new one works, the old one no longer does', async () => {
    const { cookie } = await t.person('dana')
    const { clientId, tokens } = await t.connect(cookie)
    const next = await refresh(clientId, tokens.refresh_token ?? '')
    expect(next.status).toBe(200)
    const body = await json<Record<string, string>>(next)
    expect(body.refresh_token).not.toBe(tokens.refresh_token)
    const third = await refresh(clientId, body.refresh_token ?? '')
    expect(third.status).toBe(200)
    expect(
      await authenticateAccessToken(t.deps, (await json(third)).access_token as string, MCP),
    ).toBeDefined()
  })

  it('revokes the whole grant when a rotated refresh token is used again', async () => {
    const { cookie } = await t.person('dana')
    const { clientId, tokens } = await t.connect(cookie)
    const next = await json<Record<string, string>>(await refresh(clientId, tokens.refresh_token ?? ''))
    const replay = await refresh(clientId, tokens.refresh_token ?? '')
    expect(replay.status).toBe(400)
    expect((await json(replay)).error).toBe('invalid_grant')
    expect((await json(await refresh(clientId, next.refresh_token ?? ''))).error).toBe('invalid_grant')
    await expect(authenticateAccessToken(t.deps, next.access_token ?? '', MCP)).rejects.toThrow(DomainError)
  })
})

describe('access tokens', () => {
  it('are refused by /api/v1, which takes personal tokens only', async () => {
    const { cookie } = await t.person('dana')
    const { tokens } = await t.connect(cookie)
    const response = await t.call('GET', '/me', { token: tokens.access_token })
    expect(response.status).toBe(401)
    expect((await json(response)).error).toBe('unauthenticated')
  })

  it('authenticate the person for /mcp with the grant’s limits, and touch it at most once a minute', async () => {
    const { cookie } = await t.person('dana')
    const { tokens } = await t.connect(cookie, { scope: 'read' })
    const actor = await authenticateAccessToken(t.deps, tokens.access_token ?? '', MCP)
    expect(actor).toMatchObject({
      account: { username: 'dana' },
      channel: 'mcp',
      credential: { kind: 'token', readOnly: true, spaceIds: null },
      token: { name: 'Claude' },
    })
    const grant = await t.deps.store.oauth.grant(actor.token?.id ?? '')
    expect(grant?.grant.lastUsedAt).toBe(t.clock.now())
    const first = t.clock.now()
    t.clock.advance(30_000)
    await authenticateAccessToken(t.deps, tokens.access_token ?? '', MCP)
    expect((await t.deps.store.oauth.grant(actor.token?.id ?? ''))?.grant.lastUsedAt).toBe(first)
  })

  it('read only when the person unticks writing on the consent page, whatever the application asked', async () => {
    const cookie = (await t.person('dana')).cookie
    const client = await t.register()
    const { verifier, challenge } = pkce()
    const page = await t.send(`/oauth/authorize?${t.authorizeQuery(client.client_id, challenge)}`, {
      headers: { cookie },
    })
    expect(await page.text()).toContain('Untick to let it read only.')
    const answer = await t.consent(cookie, t.authorizeQuery(client.client_id, challenge), { write: false })
    const tokens = await json(await exchange(client.client_id, answer.get('code') ?? '', verifier))
    expect(tokens.scope).toBe('read')
    const actor = await authenticateAccessToken(t.deps, tokens.access_token as string, MCP)
    expect(actor.credential).toMatchObject({ readOnly: true })
  })

  it('carry the spaces the person limited the grant to', async () => {
    await seedWorld(t.deps, { admin: 'dana', spaces: { a: {}, b: {} } })
    const cookie = await t.signIn('dana')
    const client = await t.register()
    const { verifier, challenge } = pkce()
    const spaceId = await t.idOf('space', 'b')
    const answer = await t.consent(cookie, t.authorizeQuery(client.client_id, challenge), {
      spaces: [spaceId],
    })
    const tokens = await json(await exchange(client.client_id, answer.get('code') ?? '', verifier))
    const actor = await authenticateAccessToken(t.deps, tokens.access_token as string, MCP)
    expect(actor.credential).toEqual({ kind: 'token', readOnly: false, spaceIds: [spaceId] })
  })

  it('are refused once expired, for another audience, after revocation, or when the grant is gone', async () => {
    const { cookie } = await t.person('dana')
    const { clientId, tokens } = await t.connect(cookie)
    const access = tokens.access_token ?? ''
    await expect(
      authenticateAccessToken(t.deps, access, { ...MCP, audience: `${BASE}/other` }),
    ).rejects.toThrow(DomainError)
    await expect(
      authenticateAccessToken(t.deps, access, { ...MCP, issuer: 'https://evil.example' }),
    ).rejects.toThrow(DomainError)
    await expect(authenticateAccessToken(t.deps, `${access}x`, MCP)).rejects.toThrow(DomainError)
    t.clock.advance(60 * 60_000)
    await expect(authenticateAccessToken(t.deps, access, MCP)).rejects.toThrow(DomainError)

    const fresh = await json<Record<string, string>>(await refresh(clientId, tokens.refresh_token ?? ''))
    expect((await authenticateAccessToken(t.deps, fresh.access_token ?? '', MCP)).account.username).toBe(
      'dana',
    )
    const revoked = await t.form('/oauth/revoke', { token: fresh.refresh_token ?? '', client_id: clientId })
    expect(revoked.status).toBe(200)
    await expect(authenticateAccessToken(t.deps, fresh.access_token ?? '', MCP)).rejects.toThrow(DomainError)

    const other = await t.connect(cookie)
    const actor = await authenticateAccessToken(t.deps, other.tokens.access_token ?? '', MCP)
    await t.deps.store.oauth.deleteGrant(actor.token?.id ?? '')
    await expect(authenticateAccessToken(t.deps, other.tokens.access_token ?? '', MCP)).rejects.toThrow(
      DomainError,
    )
  })
})

describe('POST /oauth/revoke', () => {
  it('ends the grant for an access token too, and answers 200 for an unknown token', async () => {
    const { cookie } = await t.person('dana')
    const { clientId, tokens } = await t.connect(cookie)
    expect((await t.form('/oauth/revoke', { token: 'no-such-token', client_id: clientId })).status).toBe(200)
    expect((await t.form('/oauth/revoke', { token: tokens.access_token ?? '' })).status).toBe(200)
    expect((await json(await refresh(clientId, tokens.refresh_token ?? ''))).error).toBe('invalid_grant')
  })

  it('leaves alone a token another client presents', async () => {
    const { cookie } = await t.person('dana')
    const { clientId, tokens } = await t.connect(cookie)
    const other = await t.register()
    expect(
      (await t.form('/oauth/revoke', { token: tokens.refresh_token ?? '', client_id: other.client_id }))
        .status,
    ).toBe(200)
    expect((await refresh(clientId, tokens.refresh_token ?? '')).status).toBe(200)
  })
})

describe('/me/apps', () => {
  it('lists the person’s connected apps and ends one; another person’s is 404', async () => {
    const dana = await t.person('dana')
    const fox = await t.person('fox')
    const { tokens } = await t.connect(dana.cookie, { scope: 'read' })
    await t.connect(fox.cookie)
    const list = await t.call('GET', '/me/apps', { token: dana.token })
    expect(list.status).toBe(200)
    const apps = await json<Record<string, unknown>[]>(list)
    expect(apps).toEqual([
      {
        id: expect.any(String),
        name: 'Claude',
        read_only: true,
        spaces: null,
        created_at: new Date(t.clock.now()).toISOString(),
        last_used_at: null,
      },
    ])
    const id = apps[0]?.id as string
    expect((await t.call('DELETE', `/me/apps/${id}`, { token: fox.token })).status).toBe(404)
    expect((await t.call('DELETE', `/me/apps/${id}`, { token: dana.token })).status).toBe(204)
    expect(await json(await t.call('GET', '/me/apps', { token: dana.token }))).toEqual([])
    await expect(authenticateAccessToken(t.deps, tokens.access_token ?? '', MCP)).rejects.toThrow(DomainError)
    expect((await json<unknown[]>(await t.call('GET', '/me/apps', { token: fox.token }))).length).toBe(1)
  })

  it('are all ended by a password change, and by a deactivation', async () => {
    const dana = await t.person('dana')
    const { clientId, tokens } = await t.connect(dana.cookie)
    const changed = await t.call('PUT', '/me/password', {
      headers: { cookie: dana.cookie, origin: BASE },
      body: { current_password: 'dana-password', new_password: 'a new password 123' },
    })
    expect(changed.status).toBe(204)
    await expect(authenticateAccessToken(t.deps, tokens.access_token ?? '', MCP)).rejects.toThrow(DomainError)
    expect((await json(await refresh(clientId, tokens.refresh_token ?? ''))).error).toBe('invalid_grant')

    const fox = await t.person('fox')
    const foxApp = await t.connect(fox.cookie)
    const admin = await t.user('root', { superadmin: true })
    expect((await t.call('PATCH', '/users/fox', { token: admin, body: { is_active: false } })).status).toBe(
      200,
    )
    await expect(authenticateAccessToken(t.deps, foxApp.tokens.access_token ?? '', MCP)).rejects.toThrow(
      DomainError,
    )
    expect((await json(await refresh(foxApp.clientId, foxApp.tokens.refresh_token ?? ''))).error).toBe(
      'invalid_grant',
    )
  })
})
