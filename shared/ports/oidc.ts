/** Where and as whom to talk to an OpenID Connect provider. */
export type OidcClientConfig = { issuer: string; clientId: string; clientSecret: string }

/** A sign-in begun: the address to send the browser to, and what the callback must match. */
export type OidcStart = { url: string; state: string; nonce: string; codeVerifier: string }

/** What the provider's checked ID token (and user info) says about the person. */
export type OidcClaims = {
  subject: string
  email: string | null
  /** Only true when the provider says so (`email_verified`). */
  emailVerified: boolean
  preferredUsername: string | null
  name: string | null
}

/**
 * The relying-party side of OpenID Connect: authorization code flow with PKCE (S256), `state` and
 * `nonce`. `finish` checks the callback's state, exchanges the code, and checks the ID token
 * (signature, issuer, audience, expiry, nonce); it throws on any failure.
 */
export interface OidcClient {
  start(config: OidcClientConfig, redirectUri: string): Promise<OidcStart>
  finish(
    config: OidcClientConfig,
    redirectUri: string,
    callbackUrl: string,
    expected: { state: string; nonce: string; codeVerifier: string },
  ): Promise<OidcClaims>
}
