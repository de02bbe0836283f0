import type { TokenAudience } from '../../ports/access-tokens.ts'
import type { Deps } from '../../ports/deps.ts'
import type { StoredClient } from '../../ports/store.ts'

/**
 * Ends the grant behind a refresh token or an access token (RFC 7009). Unknown tokens, and tokens of
 * another client than the one that identified itself, are left alone without saying so.
 */
export async function revokeOAuthToken(
  deps: Pick<Deps, 'accessTokens' | 'secrets' | 'store'>,
  token: string,
  client: StoredClient | undefined,
  audience: TokenAudience,
): Promise<void> {
  const refresh = await deps.store.oauth.refreshToken(deps.secrets.digest(token))
  const claims = refresh ? undefined : await deps.accessTokens.verify(token, audience, null)
  const grantId = refresh?.grant.id ?? claims?.grantId
  const clientId = refresh?.grant.clientId ?? claims?.clientId
  if (grantId === undefined || (client && client.id !== clientId)) return
  await deps.store.oauth.deleteGrant(grantId)
}
