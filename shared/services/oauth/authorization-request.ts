import { isRegisteredRedirect, parseScope } from '../../domain/oauth.ts'
import type { Deps } from '../../ports/deps.ts'
import type { StoredClient } from '../../ports/store.ts'
import { OAuthError } from './oauth-error.ts'

/** The query of `/oauth/authorize`, as received. */
export type AuthorizationParams = {
  response_type?: string
  client_id?: string
  redirect_uri?: string
  code_challenge?: string
  code_challenge_method?: string
  state?: string
  scope?: string
  resource?: string
}

/** A checked authorization request: the client, where to send the answer, and what is asked. */
export type AuthorizationRequest = {
  client: StoredClient
  redirectUri: string
  codeChallenge: string
  scope: 'read' | 'read write'
  state: string | undefined
  /** The request as received, to carry through the consent form unchanged. */
  params: AuthorizationParams
}

/**
 * A request whose client or redirect URI is wrong: its answer must not go to that URI (an open
 * redirector), so the person is shown the problem instead.
 */
export class UnsafeRedirectError extends Error {
  constructor(description: string) {
    super(description)
    this.name = 'UnsafeRedirectError'
  }
}

/** An error to send back to the client at its (checked) redirect URI. */
export class RedirectedError extends OAuthError {
  readonly redirectUri: string
  readonly state: string | undefined
  constructor(error: OAuthError, redirectUri: string, state: string | undefined) {
    super(error.code, error.message)
    this.redirectUri = redirectUri
    this.state = state
  }
}

/** How a code challenge of S256 looks: base64url of 32 bytes, unpadded. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/

/**
 * Checks an authorization request. A missing or unknown client, or a redirect URI that is not one of
 * its registered ones (exactly, or on another port of a loopback address), throws UnsafeRedirectError; anything else wrong throws a
 * RedirectedError. A `client_id` that is a URL is an unknown client: Client ID Metadata Documents are
 * not supported.
 */
export async function checkAuthorizationRequest(
  deps: Pick<Deps, 'store'>,
  params: AuthorizationParams,
  resource: string,
): Promise<AuthorizationRequest> {
  const client = params.client_id ? await deps.store.oauth.client(params.client_id) : undefined
  if (!client) throw new UnsafeRedirectError('The application is not registered here.')
  const redirectUri =
    params.redirect_uri ?? (client.redirectUris.length === 1 ? client.redirectUris[0] : undefined)
  if (redirectUri === undefined || !isRegisteredRedirect(client.redirectUris, redirectUri))
    throw new UnsafeRedirectError('The address to return to is not one the application registered.')
  const fail = (code: OAuthError['code'], description: string) =>
    new RedirectedError(new OAuthError(code, description), redirectUri, params.state)
  if (params.response_type !== 'code')
    throw params.response_type
      ? fail('unsupported_response_type', 'response_type must be code')
      : fail('invalid_request', 'response_type is missing')
  if (!params.code_challenge || params.code_challenge_method !== 'S256')
    throw fail('invalid_request', 'PKCE is required, with code_challenge_method S256')
  if (!S256_CHALLENGE.test(params.code_challenge))
    throw fail('invalid_request', 'code_challenge is not an S256 challenge')
  const scope = parseScope(params.scope)
  if (!scope) throw fail('invalid_scope', 'scope may be read, or read write')
  if (params.resource !== undefined && params.resource !== resource)
    throw fail('invalid_target', `resource must be ${resource}`)
  return { client, redirectUri, codeChallenge: params.code_challenge, scope, state: params.state, params }
}
