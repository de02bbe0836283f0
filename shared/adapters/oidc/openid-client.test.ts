import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type OidcTestProvider, startOidcProvider } from '../../testing/oidc-provider.ts'
import { openIdClient } from './openid-client.ts'

const REDIRECT = 'http://localhost/api/v1/sso/corp/callback'
let idp: OidcTestProvider
let config: { issuer: string; clientId: string; clientSecret: string }

beforeAll(async () => {
  idp = await startOidcProvider({
    clients: [{ clientId: 'quire', clientSecret: 'client-secret', redirectUris: [REDIRECT] }],
    accounts: [
      {
        subject: 'alice-1',
        email: 'Alice@Example.com',
        emailVerified: true,
        preferredUsername: 'alice',
        name: 'Alice',
      },
      { subject: 'bob-1', email: 'bob@example.com' },
    ],
  })
  config = { issuer: idp.issuer, clientId: 'quire', clientSecret: 'client-secret' }
})
afterAll(() => idp.close())

describe('the OpenID Connect relying party', () => {
  it('signs a person in with the code flow and PKCE, and reads their claims from the user info', async () => {
    const oidc = openIdClient()
    idp.signInAs('alice-1')
    const start = await oidc.start(config, REDIRECT)
    const url = new URL(start.url)
    expect(url.searchParams.get('code_challenge_method')).toBe('S256')
    expect(url.searchParams.get('state')).toBe(start.state)
    expect(url.searchParams.get('nonce')).toBe(start.nonce)
    const back = await idp.authorize(start.url)
    expect(back.startsWith(`${REDIRECT}?`)).toBe(true)
    expect(await oidc.finish(config, REDIRECT, back, start)).toEqual({
      subject: 'alice-1',
      email: 'Alice@Example.com',
      emailVerified: true,
      preferredUsername: 'alice',
      name: 'Alice',
    })
  })

  it('says an address is verified only when the provider does', async () => {
    const oidc = openIdClient()
    idp.signInAs('bob-1')
    const start = await oidc.start(config, REDIRECT)
    const claims = await oidc.finish(config, REDIRECT, await idp.authorize(start.url), start)
    expect(claims).toMatchObject({
      subject: 'bob-1',
      email: 'bob@example.com',
      emailVerified: false,
      name: null,
    })
  })

  it('refuses a code used twice, a state that is not the one sent, and a nonce that is not', async () => {
    const oidc = openIdClient()
    idp.signInAs('alice-1')
    const first = await oidc.start(config, REDIRECT)
    const back = await idp.authorize(first.url)
    await oidc.finish(config, REDIRECT, back, first)
    await expect(oidc.finish(config, REDIRECT, back, first)).rejects.toThrow()

    const second = await oidc.start(config, REDIRECT)
    const other = await idp.authorize(second.url)
    await expect(oidc.finish(config, REDIRECT, other, { ...second, state: first.state })).rejects.toThrow()
    await expect(oidc.finish(config, REDIRECT, other, { ...second, nonce: first.nonce })).rejects.toThrow()
  })

  it('signs in whoever the provider names, in a browser still signed in there as someone else', async () => {
    const oidc = openIdClient()
    const browser = new Map<string, string>()
    for (const subject of ['alice-1', 'bob-1', 'alice-1']) {
      idp.signInAs(subject)
      const start = await oidc.start(config, REDIRECT)
      const claims = await oidc.finish(config, REDIRECT, await idp.authorize(start.url, browser), start)
      expect(claims.subject).toBe(subject)
    }
    expect(browser.size).toBeGreaterThan(0)
  })

  it('refuses a sign-in the person declined at the provider', async () => {
    const oidc = openIdClient()
    idp.signInAs(null)
    const start = await oidc.start(config, REDIRECT)
    const back = await idp.authorize(start.url)
    expect(new URL(back).searchParams.get('error')).toBe('access_denied')
    await expect(oidc.finish(config, REDIRECT, back, start)).rejects.toThrow()
  })

  it('reads the claims from the ID token when the provider puts them there', async () => {
    const inToken = await startOidcProvider({
      clients: [
        {
          clientId: 'quire',
          clientSecret: 'client-secret',
          redirectUris: [REDIRECT],
          authMethod: 'client_secret_post',
        },
      ],
      accounts: [{ subject: 'carol-1', email: 'carol@example.com', emailVerified: true, name: 'Carol' }],
      claimsInIdToken: true,
    })
    try {
      const oidc = openIdClient()
      const settings = { ...config, issuer: inToken.issuer }
      inToken.signInAs('carol-1')
      const start = await oidc.start(settings, REDIRECT)
      const claims = await oidc.finish(settings, REDIRECT, await inToken.authorize(start.url), start)
      expect(claims).toMatchObject({ subject: 'carol-1', email: 'carol@example.com', emailVerified: true })
    } finally {
      await inToken.close()
    }
  })

  it('speaks plain http to a loopback issuer only', async () => {
    const oidc = openIdClient()
    const elsewhere = { ...config, issuer: 'http://idp.example.com' }
    await expect(oidc.start(elsewhere, REDIRECT)).rejects.toThrow(/https/)
  })
})
