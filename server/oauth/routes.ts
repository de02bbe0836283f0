import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { getCookie } from 'hono/cookie'
import { cors } from 'hono/cors'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { AppEnv } from '#shared/api/env.ts'
import { SESSION_COOKIE } from '#shared/api/middleware/authenticate.ts'
import { ERROR_STATUS } from '#shared/errors/catalog.ts'
import { DomainError } from '#shared/errors/domain-error.ts'
import type { Deps } from '#shared/ports/deps.ts'
import { type Actor, localeOf } from '#shared/services/access/actor.ts'
import { authenticateSession } from '#shared/services/accounts/authenticate.ts'
import {
  type AuthorizationParams,
  type AuthorizationRequest,
  checkAuthorizationRequest,
  RedirectedError,
  UnsafeRedirectError,
} from '#shared/services/oauth/authorization-request.ts'
import {
  approveAuthorization,
  consentFormToken,
  consentSpaces,
  isConsentFormToken,
} from '#shared/services/oauth/consent.ts'
import { authorizationServerMetadata, protectedResourceMetadata } from './metadata.ts'
import { consentPage, errorPage } from './pages.ts'
import { tokenRoutes } from './token-routes.ts'

/** How the OAuth routes learn about their host. */
export type OAuthOptions = {
  /** The server's public base address (`<base>`), without a trailing slash. */
  baseUrl: () => string
  /** The origins the server's own pages come from (the consent form's same-origin check). */
  ownOrigins: () => readonly string[]
  /** The client's network address (registration limits). */
  clientIp?: (request: Request, env: unknown) => string
}

/** Largest body an OAuth endpoint reads: registrations and forms are small. */
const MAX_BODY = 64 * 1024

const AUTHORIZE_FIELDS = [
  'response_type',
  'client_id',
  'redirect_uri',
  'code_challenge',
  'code_challenge_method',
  'state',
  'scope',
  'resource',
] as const

/**
 * The OAuth 2.1 authorization server that lets AI assistants connect to `/mcp`: metadata (RFC 8414,
 * RFC 9728), dynamic registration (RFC 7591), authorization with consent and PKCE, tokens with
 * refresh rotation, and revocation (RFC 7009).
 */
export function oauthRoutes(deps: Deps, options: OAuthOptions): Hono<AppEnv> {
  const base = () => options.baseUrl().replace(/\/+$/, '')
  const audience = () => ({ issuer: base(), audience: `${base()}/mcp` })
  const app = new Hono<AppEnv>()
  app.onError((error, c) => {
    // The OAuth endpoints answer in OAuth's error shape, never the API's, and never a bare 500.
    if (error instanceof DomainError) {
      if (error.retryAfter !== undefined) c.header('Retry-After', String(error.retryAfter))
      const status = ERROR_STATUS[error.code] as ContentfulStatusCode
      const code =
        status === 503 ? 'temporarily_unavailable' : status === 429 ? error.code : 'invalid_request'
      const description =
        status === 429 ? `too many requests: try again in ${error.retryAfter ?? 60} s` : error.message
      return c.json({ error: code, error_description: description }, status)
    }
    return c.json({ error: 'server_error', error_description: 'unexpected error' }, 500)
  })
  const limited = bodyLimit({
    maxSize: MAX_BODY,
    onError: (c) => c.json({ error: 'invalid_request', error_description: 'request body too large' }, 413),
  })
  // Browser-based MCP clients read the metadata and call these endpoints from their own origin; no
  // cookie is involved, so any origin may.
  const openCors = cors({
    origin: '*',
    allowHeaders: ['Authorization', 'Content-Type', 'MCP-Protocol-Version'],
  })
  app.use('/.well-known/*', openCors)
  for (const path of ['/register', '/oauth/token', '/oauth/revoke']) app.use(path, openCors, limited)
  app.use('/oauth/authorize', limited)

  app.get('/.well-known/oauth-protected-resource/mcp', (c) => c.json(protectedResourceMetadata(base())))
  app.get('/.well-known/oauth-protected-resource', (c) => c.json(protectedResourceMetadata(base())))
  app.get('/.well-known/oauth-authorization-server', (c) => c.json(authorizationServerMetadata(base())))

  app.route('/', tokenRoutes(deps, { audience, clientIp: options.clientIp }))

  app.get('/oauth/authorize', async (c) => {
    const params = Object.fromEntries(
      AUTHORIZE_FIELDS.flatMap((name) => {
        const value = c.req.query(name)
        return value === undefined ? [] : [[name, value]]
      }),
    ) as AuthorizationParams
    const request = await checked(c, params)
    if (request instanceof Response) return request
    const actor = await signedIn(deps, c)
    if (!actor) {
      const url = new URL(c.req.url)
      return c.redirect(`/sign-in?next=${encodeURIComponent(url.pathname + url.search)}`, 302)
    }
    if (!actor.sessionId) throw new DomainError('unauthenticated')
    const hidden: Record<string, string> = { ...(params as Record<string, string>) }
    hidden.redirect_uri = request.redirectUri
    hidden.csrf = consentFormToken(deps, actor.sessionId, { ...request, params: hidden })
    pageHeaders(c)
    return c.html(
      consentPage({
        locale: localeOf(actor, c.get('locale')),
        appName: request.client.name,
        redirectHost: hostOf(request.redirectUri),
        readOnly: request.scope === 'read',
        person: { displayName: actor.account.displayName, username: actor.account.username },
        spaces: await consentSpaces(deps, actor),
        hidden,
      }),
    )
  })

  app.post('/oauth/authorize', async (c) => {
    const locale = c.get('locale')
    if (!isSameOrigin(c, options.ownOrigins()))
      return htmlError(c, 403, 'The form did not come from this site.')
    if (!(c.req.header('content-type') ?? '').startsWith('application/x-www-form-urlencoded'))
      return htmlError(c, 400, 'The form must be sent URL-encoded.')
    const form = new URLSearchParams(await c.req.text())
    const params = Object.fromEntries(
      AUTHORIZE_FIELDS.flatMap((name) => (form.has(name) ? [[name, form.get(name) ?? '']] : [])),
    ) as AuthorizationParams
    const request = await checked(c, params)
    if (request instanceof Response) return request
    const actor = await signedIn(deps, c)
    if (!actor?.sessionId) return htmlError(c, 401, 'You were signed out: start again from the application.')
    const bound: AuthorizationRequest = {
      ...request,
      params: { ...params, redirect_uri: request.redirectUri },
    }
    if (!isConsentFormToken(deps, actor.sessionId, bound, form.get('csrf') ?? ''))
      return htmlError(c, 403, 'The form has expired or was not made for this request.')
    const answer = new URL(request.redirectUri)
    answer.searchParams.set('iss', base())
    if (request.state !== undefined) answer.searchParams.set('state', request.state)
    if (form.get('decision') !== 'allow') {
      answer.searchParams.set('error', 'access_denied')
      return c.redirect(answer.toString(), 302)
    }
    const spaceIds = form.getAll('space').map(Number)
    if (!spaceIds.every((id) => Number.isSafeInteger(id))) return htmlError(c, 400, 'Unknown space.')
    try {
      // The person may allow less than the application asked: reading only, by unticking writing.
      const allowed = form.get('write') === '1' ? request : { ...request, scope: 'read' as const }
      answer.searchParams.set('code', await approveAuthorization(deps, actor, allowed, spaceIds))
    } catch (error) {
      if (error instanceof DomainError && error.code === 'not_found')
        return c.html(errorPage(locale, 'Unknown space.'), 400)
      throw error
    }
    return c.redirect(answer.toString(), 302)
  })

  /** The checked request, or the response for a bad one: an error page, or the error at the redirect URI. */
  async function checked(c: Context<AppEnv>, params: AuthorizationParams) {
    try {
      return await checkAuthorizationRequest(deps, params, audience().audience)
    } catch (error) {
      if (error instanceof UnsafeRedirectError) return htmlError(c, 400, error.message)
      if (!(error instanceof RedirectedError)) throw error
      const answer = new URL(error.redirectUri)
      answer.searchParams.set('error', error.code)
      answer.searchParams.set('error_description', error.message)
      answer.searchParams.set('iss', base())
      if (error.state !== undefined) answer.searchParams.set('state', error.state)
      return c.redirect(answer.toString(), 302)
    }
  }

  return app
}

/** The person signed in to the web app in this browser, if any. */
async function signedIn(deps: Deps, c: Context<AppEnv>): Promise<Actor | undefined> {
  const cookie = getCookie(c, SESSION_COOKIE)
  if (!cookie) return undefined
  try {
    return await authenticateSession(deps, cookie)
  } catch {
    return undefined
  }
}

/**
 * Whether the consent form was posted from this site's own page: its Origin, or, when a browser
 * withholds it, Sec-Fetch-Site. The Host header is never trusted.
 */
function isSameOrigin(c: Context, ownOrigins: readonly string[]): boolean {
  const origin = c.req.header('origin')
  if (origin && origin !== 'null') return ownOrigins.includes(origin)
  return c.req.header('sec-fetch-site') === 'same-origin'
}

/** Headers of the server-rendered pages: nothing cached, no script, not framed (clickjacking). */
function pageHeaders(c: Context): void {
  c.header('Cache-Control', 'no-store')
  c.header(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
  )
  // The form's Origin header is sent only under a referrer policy that allows it.
  c.header('Referrer-Policy', 'same-origin')
}

function htmlError(c: Context<AppEnv>, status: 400 | 401 | 403, reason: string): Response {
  pageHeaders(c)
  return c.html(errorPage(c.get('locale'), reason), status)
}

/** The host a redirect URI sends the person to (its scheme, for a native app's private-use URI). */
function hostOf(uri: string): string {
  const url = new URL(uri)
  return url.host || `${url.protocol}/`
}
