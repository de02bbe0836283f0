import { addressGroup } from '../../domain/address-group.ts'
import {
  CLIENT_NAME_MAX,
  parseScope,
  REDIRECT_URIS_MAX,
  REGISTRATIONS_PER_IP,
  redirectUriProblem,
} from '../../domain/oauth.ts'
import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import type { ClientAuthMethod, OAuthClient } from '../../ports/store.ts'
import { type TakeSlotDeps, takeSlot, withSlot } from '../access/rate-limit.ts'
import { OAuthError } from './oauth-error.ts'

/** Client metadata as posted to `/register` (RFC 7591), not yet checked. */
export type ClientMetadata = Record<string, unknown>

const AUTH_METHODS: readonly ClientAuthMethod[] = ['none', 'client_secret_post', 'client_secret_basic']
const GRANT_TYPES = ['authorization_code', 'refresh_token']

export type RegisterClientDeps = TakeSlotDeps & Pick<Deps, 'clock' | 'secrets' | 'store'>

/**
 * Registers an OAuth client (RFC 7591). A confidential client's secret is returned here once and kept
 * as a digest. At most REGISTRATIONS_PER_IP per client address; a refused registration does not count.
 */
export async function registerClient(
  deps: RegisterClientDeps,
  metadata: ClientMetadata,
  clientIp: string,
): Promise<{ client: OAuthClient; secret: string | null }> {
  const slot = await takeSlot(
    deps,
    [{ key: `oauth-register:${addressGroup(clientIp)}`, limit: REGISTRATIONS_PER_IP }],
    (wait) => new DomainError('too_many_requests', { retry_after: wait }, wait),
  )
  return withSlot(slot, async () => {
    const client = checkMetadata(metadata, deps.clock.now(), deps.secrets.id())
    const secret = client.authMethod === 'none' ? null : deps.secrets.mint('qocs_')
    await deps.store.oauth.createClient({ ...client, secretHash: secret && deps.secrets.digest(secret) })
    return { client, secret }
  })
}

/** The client a registration describes, or the RFC 7591 error saying what is wrong with it. */
function checkMetadata(m: ClientMetadata, now: number, id: string): OAuthClient {
  const bad = (what: string) => new OAuthError('invalid_client_metadata', what)
  const uris = m.redirect_uris
  if (!Array.isArray(uris) || uris.length === 0 || !uris.every((u) => typeof u === 'string'))
    throw new OAuthError('invalid_redirect_uri', 'redirect_uris must be a non-empty array of URIs')
  if (uris.length > REDIRECT_URIS_MAX) throw new OAuthError('invalid_redirect_uri', 'too many redirect_uris')
  for (const uri of uris as string[]) {
    const problem = redirectUriProblem(uri)
    if (problem)
      throw new OAuthError('invalid_redirect_uri', `redirect URI ${JSON.stringify(uri)} ${problem}`)
  }
  const authMethod = m.token_endpoint_auth_method ?? 'none'
  if (!AUTH_METHODS.includes(authMethod as ClientAuthMethod))
    throw bad('token_endpoint_auth_method must be none, client_secret_post or client_secret_basic')
  const name = m.client_name ?? ''
  if (typeof name !== 'string' || name.length > CLIENT_NAME_MAX)
    throw bad('client_name must be a short string')
  const grantTypes = m.grant_types ?? ['authorization_code', 'refresh_token']
  if (!isStringList(grantTypes) || !grantTypes.includes('authorization_code'))
    throw bad('grant_types must include authorization_code')
  if (!grantTypes.every((g) => GRANT_TYPES.includes(g)))
    throw bad('grant_types may only hold authorization_code and refresh_token')
  const responseTypes = m.response_types ?? ['code']
  if (!isStringList(responseTypes) || responseTypes.some((r) => r !== 'code'))
    throw bad('response_types may only hold code')
  if (m.scope !== undefined && (typeof m.scope !== 'string' || parseScope(m.scope) === undefined))
    throw bad('scope may only hold read and write')
  return {
    id,
    name: name.trim() || hostOf(uris[0] as string),
    redirectUris: uris as string[],
    authMethod: authMethod as ClientAuthMethod,
    grantTypes,
    responseTypes: ['code'],
    scope: (m.scope as string | undefined) ?? null,
    createdAt: now,
  }
}

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((v) => typeof v === 'string')

/** A name for an unnamed client: the host it sends people back to (or its scheme, for a native app). */
function hostOf(uri: string): string {
  const url = new URL(uri)
  return url.host || url.protocol.slice(0, -1)
}
