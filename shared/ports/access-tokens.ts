/** What an OAuth access token says: whose it is, through which grant and client, for what scope. */
export type AccessClaims = {
  accountId: number
  grantId: string
  clientId: string
  scope: string
  /** Milliseconds since the epoch. */
  issuedAt: number
  expiresAt: number
}

/** Who issues the tokens and for whom they are meant (the `iss` and `aud` claims). */
export type TokenAudience = { issuer: string; audience: string }

/** Signed, self-contained OAuth access tokens (JWTs) under the server's own key. */
export interface AccessTokenSigner {
  sign(claims: AccessClaims, audience: TokenAudience): Promise<string>
  /**
   * The claims of a token this server signed for `audience`, still valid at `now`; undefined for
   * anything else (bad signature, other issuer or audience, expired). `now: null` accepts an expired one.
   */
  verify(token: string, audience: TokenAudience, now: number | null): Promise<AccessClaims | undefined>
}
