import { randomBytes } from 'node:crypto'
import type { OidcClaims, OidcClient, OidcClientConfig } from '../../ports/oidc.ts'

/** What a sign-in at the fake provider says about the person: the subject, and any other claim. */
export type FakeClaims = Pick<OidcClaims, 'subject'> & Partial<Omit<OidcClaims, 'subject'>>

/**
 * The relying party for service tests, with the provider's side played by the test: `start` gives an
 * authorization URL at the issuer, `signIn(url, claims)` is the person signing in there and gives the
 * callback URL the provider would send the browser to, and `finish` checks that callback as the real
 * adapter does (the state and nonce of the start, a code used once, the same client and redirect
 * URI) and answers the claims. It refuses an issuer over http off loopback, as the real one does.
 */
export type MemoryOidc = OidcClient & {
  /** The person signs in at the provider: the callback URL with a fresh code and the start's state. */
  signIn(authorizationUrl: string, claims: FakeClaims): string
  /** The person declines at the provider: the callback URL with `error=access_denied`. */
  decline(authorizationUrl: string): string
  /** The configurations the service finished sign-ins with (to see which secret it used). */
  readonly finished: OidcClientConfig[]
}

type Begun = { config: OidcClientConfig; redirectUri: string; nonce: string; codeVerifier: string }

const random = () => randomBytes(16).toString('base64url')

/** A fake OpenID Connect client and provider in one (see MemoryOidc). */
export function memoryOidc(): MemoryOidc {
  const begun = new Map<string, Begun>()
  const codes = new Map<string, Begun & { state: string; claims: OidcClaims }>()
  const finished: OidcClientConfig[] = []

  const begunAt = (authorizationUrl: string) => {
    const state = new URL(authorizationUrl).searchParams.get('state') ?? ''
    const found = begun.get(state)
    if (!found) throw new Error('no sign-in was started with this URL')
    return { state, found }
  }

  return {
    finished,
    async start(config, redirectUri) {
      const issuer = new URL(config.issuer)
      const isLoopback = ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname)
      if (issuer.protocol !== 'https:' && !(issuer.protocol === 'http:' && isLoopback))
        throw new Error('the issuer must use https')
      const state = random()
      const nonce = random()
      const codeVerifier = random()
      begun.set(state, { config, redirectUri, nonce, codeVerifier })
      const url = new URL(`${config.issuer.replace(/\/$/, '')}/authorize`)
      url.search = new URLSearchParams({
        client_id: config.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        state,
        nonce,
        code_challenge_method: 'S256',
      }).toString()
      return { url: url.href, state, nonce, codeVerifier }
    },

    signIn(authorizationUrl, claims) {
      const { state, found } = begunAt(authorizationUrl)
      const code = random()
      codes.set(code, {
        ...found,
        state,
        claims: { email: null, emailVerified: false, preferredUsername: null, name: null, ...claims },
      })
      return `${found.redirectUri}?${new URLSearchParams({ code, state })}`
    },

    decline(authorizationUrl) {
      const { state, found } = begunAt(authorizationUrl)
      return `${found.redirectUri}?${new URLSearchParams({ error: 'access_denied', state })}`
    },

    async finish(config, redirectUri, callbackUrl, expected) {
      const query = new URL(callbackUrl).searchParams
      if (query.get('error')) throw new Error(`the provider answered ${query.get('error')}`)
      if (query.get('state') !== expected.state) throw new Error('the state is not the one sent')
      const code = codes.get(query.get('code') ?? '')
      if (!code) throw new Error('unknown or used code')
      codes.delete(query.get('code') ?? '')
      const isSame =
        code.state === expected.state &&
        code.nonce === expected.nonce &&
        code.codeVerifier === expected.codeVerifier &&
        code.redirectUri === redirectUri &&
        code.config.clientId === config.clientId &&
        code.config.issuer === config.issuer
      if (!isSame) throw new Error('the code was issued for another sign-in')
      finished.push(config)
      return code.claims
    },
  }
}
