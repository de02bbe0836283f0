import { type Context, Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { AppEnv } from '#shared/api/env.ts'
import type { TokenAudience } from '#shared/ports/access-tokens.ts'
import type { Deps } from '#shared/ports/deps.ts'
import { authenticateClient, type ClientCredentials } from '#shared/services/oauth/authenticate-client.ts'
import { exchangeCode, refreshTokens } from '#shared/services/oauth/issue-tokens.ts'
import { OAuthError } from '#shared/services/oauth/oauth-error.ts'
import { type ClientMetadata, registerClient } from '#shared/services/oauth/register-client.ts'
import { revokeOAuthToken } from '#shared/services/oauth/revoke-oauth-token.ts'

type Options = {
  audience: () => TokenAudience
  clientIp?: (request: Request, env: unknown) => string
}

/** The endpoints OAuth clients call directly: registration, token and revocation. */
export function tokenRoutes(deps: Deps, { audience, clientIp }: Options): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  app.post('/register', async (c) => {
    let metadata: unknown
    try {
      metadata = await c.req.json()
    } catch {
      return oauthError(c, new OAuthError('invalid_client_metadata', 'the body must be a JSON object'))
    }
    if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata))
      return oauthError(c, new OAuthError('invalid_client_metadata', 'the body must be a JSON object'))
    try {
      const ip = clientIp?.(c.req.raw, c.env) ?? 'unknown'
      const { client, secret } = await registerClient(deps, metadata as ClientMetadata, ip)
      noStore(c)
      return c.json(
        {
          client_id: client.id,
          client_id_issued_at: Math.floor(client.createdAt / 1000),
          ...(secret === null ? {} : { client_secret: secret, client_secret_expires_at: 0 }),
          client_name: client.name,
          redirect_uris: client.redirectUris,
          token_endpoint_auth_method: client.authMethod,
          grant_types: client.grantTypes,
          response_types: client.responseTypes,
          ...(client.scope === null ? {} : { scope: client.scope }),
        },
        201,
      )
    } catch (error) {
      if (error instanceof OAuthError) return oauthError(c, error)
      throw error
    }
  })

  app.post('/oauth/token', async (c) => {
    try {
      const form = await formOf(c)
      const credentials = clientCredentials(c, form)
      const client = await authenticateClient(deps, credentials)
      const grantType = form.get('grant_type')
      let tokens: Awaited<ReturnType<typeof exchangeCode>>
      if (grantType === 'authorization_code') {
        const code = required(form, 'code')
        tokens = await exchangeCode(
          deps,
          client,
          {
            code,
            redirectUri: form.get('redirect_uri') ?? undefined,
            codeVerifier: form.get('code_verifier') ?? undefined,
            resource: form.get('resource') ?? undefined,
          },
          audience(),
        )
      } else if (grantType === 'refresh_token') {
        if (!client.grantTypes.includes('refresh_token'))
          throw new OAuthError('unauthorized_client', 'the client did not register the refresh_token grant')
        tokens = await refreshTokens(
          deps,
          client,
          { refreshToken: required(form, 'refresh_token'), scope: form.get('scope') ?? undefined },
          audience(),
        )
      } else if (grantType) {
        throw new OAuthError(
          'unsupported_grant_type',
          'grant_type may be authorization_code or refresh_token',
        )
      } else {
        throw new OAuthError('invalid_request', 'grant_type is missing')
      }
      noStore(c)
      return c.json(tokens, 200)
    } catch (error) {
      if (error instanceof OAuthError) return oauthError(c, error)
      throw error
    }
  })

  app.post('/oauth/revoke', async (c) => {
    try {
      const form = await formOf(c)
      const token = required(form, 'token')
      const credentials = clientCredentials(c, form)
      // A client that names itself must prove it; one that does not may still give up a token it holds.
      const client = credentials.clientId ? await authenticateClient(deps, credentials) : undefined
      await revokeOAuthToken(deps, token, client, audience())
      noStore(c)
      return c.body(null, 200)
    } catch (error) {
      if (error instanceof OAuthError) return oauthError(c, error)
      throw error
    }
  })

  return app
}

/** A form-encoded body (RFC 6749 §3.2); a parameter sent twice is refused, as the RFC requires. */
async function formOf(c: Context): Promise<URLSearchParams> {
  if (!(c.req.header('content-type') ?? '').startsWith('application/x-www-form-urlencoded'))
    throw new OAuthError('invalid_request', 'the body must be application/x-www-form-urlencoded')
  const form = new URLSearchParams(await c.req.text())
  const names = [...form.keys()]
  if (new Set(names).size !== names.length) throw new OAuthError('invalid_request', 'a parameter is repeated')
  return form
}

function required(form: URLSearchParams, name: string): string {
  const value = form.get(name)
  if (!value) throw new OAuthError('invalid_request', `${name} is missing`)
  return value
}

/** The client's id and secret, from HTTP Basic (RFC 6749 §2.3.1, each part form-encoded) or the body. */
function clientCredentials(c: Context, form: URLSearchParams): ClientCredentials {
  const header = c.req.header('authorization')
  const basic = header && /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header)?.[1]
  if (header && !basic) throw new OAuthError('invalid_client', 'unsupported client authentication')
  if (basic) {
    if (form.has('client_secret'))
      throw new OAuthError('invalid_request', 'use one client authentication method')
    const decoded = Buffer.from(basic, 'base64').toString('utf8')
    const colon = decoded.indexOf(':')
    if (colon < 0) throw new OAuthError('invalid_client', 'malformed Basic credentials')
    try {
      const clientId = decodeURIComponent(decoded.slice(0, colon).replaceAll('+', ' '))
      const secret = decodeURIComponent(decoded.slice(colon + 1).replaceAll('+', ' '))
      const bodyId = form.get('client_id')
      if (bodyId !== null && bodyId !== clientId) throw new OAuthError('invalid_client', 'client_id mismatch')
      return { clientId, secret }
    } catch (error) {
      if (error instanceof OAuthError) throw error
      throw new OAuthError('invalid_client', 'malformed Basic credentials')
    }
  }
  return { clientId: form.get('client_id') ?? undefined, secret: form.get('client_secret') ?? undefined }
}

function noStore(c: Context): void {
  c.header('Cache-Control', 'no-store')
  c.header('Pragma', 'no-cache')
}

/** The OAuth error response: 401 for a client that failed to authenticate, else 400. */
function oauthError(c: Context, error: OAuthError): Response {
  noStore(c)
  const status: ContentfulStatusCode = error.code === 'invalid_client' ? 401 : 400
  if (status === 401 && c.req.header('authorization')) c.header('WWW-Authenticate', 'Basic realm="oauth"')
  return c.json({ error: error.code, error_description: error.message }, status)
}
