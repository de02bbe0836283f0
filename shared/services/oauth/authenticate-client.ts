import type { Deps } from '../../ports/deps.ts'
import type { StoredClient } from '../../ports/store.ts'
import { OAuthError } from './oauth-error.ts'

/** What a token or revocation request says about its client: its id, and a secret if it sent one. */
export type ClientCredentials = { clientId: string | undefined; secret: string | undefined }

/**
 * The client making a request to the token endpoint. A confidential client proves itself with its
 * secret (sent in the body or by HTTP Basic, either way); a public client only names itself.
 */
export async function authenticateClient(
  deps: Pick<Deps, 'secrets' | 'store'>,
  credentials: ClientCredentials,
): Promise<StoredClient> {
  const client = credentials.clientId ? await deps.store.oauth.client(credentials.clientId) : undefined
  if (!client) throw new OAuthError('invalid_client', 'unknown client')
  if (client.secretHash === null) return client
  if (
    credentials.secret === undefined ||
    !deps.secrets.equal(deps.secrets.digest(credentials.secret), client.secretHash)
  )
    throw new OAuthError('invalid_client', 'client authentication failed')
  return client
}
