import * as client from 'openid-client'
import type { OidcClaims, OidcClient, OidcClientConfig } from '../../ports/oidc.ts'

export type OpenIdClientOptions = {
  /** How long a provider's discovered metadata (and its signing keys) is reused; an hour by default. */
  discoveryTtlMs?: number
  /** Time limit of each request to a provider, in seconds (30 by default). */
  timeoutSeconds?: number
}

/** What is asked of the provider: who the person is, their address and their name. */
const SCOPE = 'openid email profile'
const HOUR = 60 * 60 * 1000
/** Discovered providers kept at once: a handful in practice, bounded so changing settings cannot grow it. */
const MAX_CACHED = 50

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])

/** Whether an issuer is spoken to over plain http on this machine's loopback, the one place that is allowed. */
export function isLoopbackHttp(issuer: URL): boolean {
  return issuer.protocol === 'http:' && LOOPBACK_HOSTS.has(issuer.hostname)
}

/**
 * The relying party on `openid-client`: the authorization code flow with PKCE (S256), `state` and
 * `nonce`, the ID token checked by the library (signature, issuer, audience, expiry, nonce), and the
 * claims completed from the user info endpoint when the provider keeps them there. A provider's
 * metadata is discovered once per issuer and client, then reused for `discoveryTtlMs`. Microsoft's
 * multi-tenant issuers (`/common/v2.0`, `/organizations/v2.0`) are handled by `openid-client`: it
 * accepts their `{tenantid}` metadata and checks each ID token against the issuer of its own `tid`.
 */
export function openIdClient(options: OpenIdClientOptions = {}): OidcClient {
  const ttl = options.discoveryTtlMs ?? HOUR
  const timeout = options.timeoutSeconds ?? 30
  const cache = new Map<string, { config: Promise<client.Configuration>; expiresAt: number }>()

  const configOf = (config: OidcClientConfig): Promise<client.Configuration> => {
    const key = JSON.stringify([config.issuer, config.clientId, config.clientSecret])
    const now = Date.now()
    const cached = cache.get(key)
    if (cached && cached.expiresAt > now) return cached.config
    for (const [k, entry] of cache) if (entry.expiresAt <= now) cache.delete(k)
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string)
    const issuer = new URL(config.issuer)
    if (issuer.protocol !== 'https:' && !isLoopbackHttp(issuer))
      return Promise.reject(new Error('the issuer must use https (http only on a loopback host)'))
    const discovered = client.discovery(issuer, config.clientId, config.clientSecret, undefined, {
      timeout,
      execute: isLoopbackHttp(issuer) ? [client.allowInsecureRequests] : [],
    })
    cache.set(key, { config: discovered, expiresAt: now + ttl })
    // A failed discovery is not kept: the next sign-in tries again.
    discovered.catch(() => {
      if (cache.get(key)?.config === discovered) cache.delete(key)
    })
    return discovered
  }

  return {
    async start(config, redirectUri) {
      const discovered = await configOf(config)
      const state = client.randomState()
      const nonce = client.randomNonce()
      const codeVerifier = client.randomPKCECodeVerifier()
      const url = client.buildAuthorizationUrl(discovered, {
        redirect_uri: redirectUri,
        scope: SCOPE,
        response_type: 'code',
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      })
      return { url: url.href, state, nonce, codeVerifier }
    },

    async finish(config, redirectUri, callbackUrl, expected) {
      const discovered = await configOf(config)
      // The token request names the registered redirect URI, whatever address the callback came in on.
      const current = new URL(redirectUri)
      current.search = new URL(callbackUrl).search
      const tokens = await client.authorizationCodeGrant(discovered, current, {
        pkceCodeVerifier: expected.codeVerifier,
        expectedState: expected.state,
        expectedNonce: expected.nonce,
        idTokenExpected: true,
      })
      const idToken = tokens.claims()
      if (!idToken) throw new Error('the provider sent no ID token')
      // Providers that keep the address and name out of the ID token give them at the user info
      // endpoint (checked to be about the same subject); what the ID token says comes first.
      if (typeof idToken.email === 'string' || !discovered.serverMetadata().userinfo_endpoint)
        return claimsOf(idToken.sub, idToken)
      const info = await client.fetchUserInfo(discovered, tokens.access_token, idToken.sub)
      return claimsOf(idToken.sub, { ...info, ...idToken })
    },
  }
}

/** The claims the service uses, each only when the provider sent it with the expected type. */
function claimsOf(subject: string, claims: Record<string, unknown>): OidcClaims {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null)
  const isTrue = (value: unknown) => value === true || value === 'true'
  return {
    subject,
    email: text(claims.email),
    // Microsoft does not send `email_verified`; `xms_edov` (an optional claim) says the address's
    // domain is verified by its tenant, the one assurance it gives.
    emailVerified: isTrue(claims.email_verified) || isTrue(claims.xms_edov),
    preferredUsername: text(claims.preferred_username),
    name: text(claims.name),
  }
}
