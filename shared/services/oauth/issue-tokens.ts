import {
  ACCESS_TOKEN_TTL_MS,
  isVerifierWellFormed,
  parseScope,
  REFRESH_TOKEN_TTL_MS,
  s256Challenge,
} from '../../domain/oauth.ts'
import type { TokenAudience } from '../../ports/access-tokens.ts'
import type { Deps } from '../../ports/deps.ts'
import type { Grant, RefreshToken, StoredClient } from '../../ports/store.ts'
import { OAuthError } from './oauth-error.ts'

/** The token endpoint's answer (RFC 6749 §5.1). */
export type TokenResponse = {
  access_token: string
  token_type: 'Bearer'
  expires_in: number
  refresh_token: string
  scope: string
}

export type CodeExchange = { code: string; redirectUri?: string; codeVerifier?: string; resource?: string }

export type ExchangeCodeDeps = NewRefreshTokenDeps & RespondDeps & Pick<Deps, 'clock' | 'secrets' | 'store'>

/**
 * Exchanges an authorization code (single use, CODE_TTL_MS) for tokens, creating the grant. The PKCE
 * verifier must match the S256 challenge, and the client and redirect URI those of the request. A code
 * presented again ends the grant its first exchange created (RFC 6749 §4.1.2).
 */
export async function exchangeCode(
  deps: ExchangeCodeDeps,
  client: StoredClient,
  input: CodeExchange,
  audience: TokenAudience,
): Promise<TokenResponse> {
  const now = deps.clock.now()
  const hash = deps.secrets.digest(input.code)
  const code = await deps.store.oauth.code(hash)
  const invalid = (why: string) => new OAuthError('invalid_grant', why)
  if (!code || code.clientId !== client.id) throw invalid('unknown authorization code')
  if (code.usedAt !== null) {
    if (code.grantId) await deps.store.oauth.deleteGrant(code.grantId)
    throw invalid('authorization code already used: the grant it issued is revoked')
  }
  if (code.expiresAt <= now) throw invalid('authorization code expired')
  if (
    input.redirectUri !== undefined ? input.redirectUri !== code.redirectUri : client.redirectUris.length > 1
  )
    throw invalid('redirect_uri does not match the authorization request')
  if (!input.codeVerifier || !isVerifierWellFormed(input.codeVerifier))
    throw new OAuthError('invalid_request', 'code_verifier is missing or malformed')
  if ((await s256Challenge(input.codeVerifier)) !== code.codeChallenge)
    throw invalid('code_verifier does not match the code challenge')
  if (input.resource !== undefined && input.resource !== audience.audience)
    throw new OAuthError('invalid_target', `resource must be ${audience.audience}`)
  const account = await deps.store.accounts.byId(code.accountId)
  if (!account?.isActive) throw invalid('the account is no longer active')

  const grant: Grant = {
    id: deps.secrets.id(),
    clientId: client.id,
    accountId: code.accountId,
    scope: code.scope,
    spaceIds: code.spaceIds,
    createdAt: now,
    lastUsedAt: null,
  }
  const { secret, token } = newRefreshToken(deps, grant.id, now)
  if (!(await deps.store.oauth.redeemCode(hash, now, grant, token))) {
    // Exchanged by another request meanwhile: a replay, so that grant ends too.
    const raced = await deps.store.oauth.code(hash)
    if (raced?.grantId) await deps.store.oauth.deleteGrant(raced.grantId)
    throw invalid('authorization code already used: the grant it issued is revoked')
  }
  return respond(deps, grant, grant.scope, secret, now, audience)
}

export type RefreshTokensDeps = NewRefreshTokenDeps & RespondDeps & Pick<Deps, 'clock' | 'secrets' | 'store'>

/**
 * Exchanges a refresh token for new tokens, rotating it: the old one stops working. A rotated token
 * presented again ends the whole grant (OAuth 2.1 §4.3.1): someone else holds a copy. `scope` may
 * narrow the new access token's scope, never widen it.
 */
export async function refreshTokens(
  deps: RefreshTokensDeps,
  client: StoredClient,
  input: { refreshToken: string; scope?: string },
  audience: TokenAudience,
): Promise<TokenResponse> {
  const now = deps.clock.now()
  const hash = deps.secrets.digest(input.refreshToken)
  const found = await deps.store.oauth.refreshToken(hash)
  const invalid = (why: string) => new OAuthError('invalid_grant', why)
  if (!found || found.grant.clientId !== client.id) throw invalid('unknown refresh token')
  const { grant, token, account } = found
  if (token.rotatedAt !== null) {
    await deps.store.oauth.deleteGrant(grant.id)
    throw invalid('refresh token already used: the grant is revoked')
  }
  if (token.expiresAt <= now) throw invalid('refresh token expired')
  if (!account.isActive) throw invalid('the account is no longer active')
  let scope = grant.scope
  if (input.scope !== undefined) {
    const asked = parseScope(input.scope)
    if (!asked || (asked === 'read write' && grant.scope === 'read'))
      throw new OAuthError('invalid_scope', 'scope may not exceed the granted one')
    scope = asked
  }
  const next = newRefreshToken(deps, grant.id, now)
  if (!(await deps.store.oauth.rotateRefreshToken(hash, now, next.token))) {
    await deps.store.oauth.deleteGrant(grant.id)
    throw invalid('refresh token already used: the grant is revoked')
  }
  return respond(deps, grant, scope, next.secret, now, audience)
}

type NewRefreshTokenDeps = Pick<Deps, 'secrets'>

function newRefreshToken(
  deps: NewRefreshTokenDeps,
  grantId: string,
  now: number,
): { secret: string; token: RefreshToken } {
  const secret = deps.secrets.mint('qort_')
  return {
    secret,
    token: {
      hash: deps.secrets.digest(secret),
      grantId,
      createdAt: now,
      expiresAt: now + REFRESH_TOKEN_TTL_MS,
      rotatedAt: null,
    },
  }
}

type RespondDeps = Pick<Deps, 'accessTokens'>

async function respond(
  deps: RespondDeps,
  grant: Grant,
  scope: string,
  refreshToken: string,
  now: number,
  audience: TokenAudience,
): Promise<TokenResponse> {
  const accessToken = await deps.accessTokens.sign(
    {
      accountId: grant.accountId,
      grantId: grant.id,
      clientId: grant.clientId,
      scope,
      issuedAt: now,
      expiresAt: now + ACCESS_TOKEN_TTL_MS,
    },
    audience,
  )
  return {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: ACCESS_TOKEN_TTL_MS / 1000,
    refresh_token: refreshToken,
    scope,
  }
}
