/** Error codes of the OAuth protocol (RFC 6749, 7009, 7591, 8707), which OAuth clients act on. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'unsupported_response_type'
  | 'invalid_scope'
  | 'invalid_target'
  | 'access_denied'
  | 'invalid_redirect_uri'
  | 'invalid_client_metadata'

/**
 * An error of the OAuth endpoints. These codes belong to the OAuth specifications, not to our API's
 * catalog: clients match them by name, and the description is for their developers (English).
 */
export class OAuthError extends Error {
  readonly code: OAuthErrorCode
  constructor(code: OAuthErrorCode, description: string) {
    super(description)
    this.name = 'OAuthError'
    this.code = code
  }
}
