import { TOKEN_TOUCH_MS } from '../../domain/limits.ts'
import { isReadOnlyScope } from '../../domain/oauth.ts'
import { DomainError } from '../../errors/domain-error.ts'
import type { TokenAudience } from '../../ports/access-tokens.ts'
import type { Deps } from '../../ports/deps.ts'
import type { Actor } from '../access/actor.ts'

/**
 * The caller behind an OAuth access token on `/mcp`: the JWT must be ours (signature, expiry, issuer,
 * audience) and its grant must still exist with an active owner, so revoking it, a password change or
 * a deactivation take effect on the very next request. The grant's rights are at most the person's,
 * like a personal token's; commits say `Via: MCP · <app name>`. 401 otherwise.
 */
export async function authenticateAccessToken(
  deps: Pick<Deps, 'accessTokens' | 'clock' | 'store'>,
  token: string,
  audience: TokenAudience,
): Promise<Actor> {
  const now = deps.clock.now()
  const claims = token ? await deps.accessTokens.verify(token, audience, now) : undefined
  const found = claims && (await deps.store.oauth.grant(claims.grantId))
  if (!claims || !found || found.account.id !== claims.accountId || !found.account.isActive)
    throw new DomainError('unauthenticated')
  const { grant, account, clientName } = found
  if (grant.lastUsedAt === null || now - grant.lastUsedAt >= TOKEN_TOUCH_MS)
    await deps.store.oauth.touchGrant(grant.id, now)
  return {
    account,
    channel: 'mcp',
    credential: {
      kind: 'token',
      // The token's own scope: a refresh may have narrowed it below the grant's.
      readOnly: isReadOnlyScope(claims.scope) || isReadOnlyScope(grant.scope),
      spaceIds: grant.spaceIds,
    },
    token: { id: grant.id, name: clientName },
  }
}
