import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { SSO_ATTEMPT_MS } from '../../domain/limits.ts'
import { isDomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import { signOut } from '../../services/accounts/sign-in.ts'
import { deleteProvider } from '../../services/sso/delete-provider.ts'
import { finishSignIn } from '../../services/sso/finish-sign-in.ts'
import { listProviders, type SsoProviderView } from '../../services/sso/list-providers.ts'
import { listSignInProviders } from '../../services/sso/list-sign-in-providers.ts'
import { putProvider } from '../../services/sso/put-provider.ts'
import { ssoSignInError } from '../../services/sso/sign-in-errors.ts'
import { startSignIn } from '../../services/sso/start-sign-in.ts'
import type { ApiOptions, AppEnv } from '../env.ts'
import { actorOf, SESSION_COOKIE } from '../middleware/authenticate.ts'
import { errorResponses, jsonBody, jsonContent, newRouter, PUBLIC, SECURED } from '../router.ts'
import {
  PutSsoProviderSchema,
  SignInProviderSchema,
  SsoCallbackQuery,
  SsoProviderSchema,
  SsoSlugParam,
  SsoStartQuery,
} from '../schemas-sso.ts'
import { publicUrlOf, setSessionCookie } from './session.ts'

/** Holds the `state` of the sign-in begun in this browser, for its callback alone. */
const STATE_COOKIE = 'quire_sso_state'
const STATE_COOKIE_PATH = '/api/v1/sso/'

const admin = ['Single sign-on providers']
const session = ['Session']

const BROWSER_REFUSALS =
  'A refusal sends the browser to `/sign-in?sso_error=<reason>`, the reason one of `disabled`, `expired`, `failed`, `not_allowed`, `no_account`, `unverified_email`, `deactivated` and `too_many` (beyond the sign-in limit, in place of a 429, as this is a page the browser navigates to). A client that asks for JSON alone (`Accept: application/json`) gets the error instead, with its status (429 beyond the limit).'

const redirect = (description: string) => ({
  description,
  headers: z.object({ Location: z.string(), 'Set-Cookie': z.string().optional() }),
})

const list = createRoute({
  method: 'get',
  path: '/sso-providers',
  tags: admin,
  security: SECURED,
  summary: 'List single sign-on providers (super admin)',
  responses: { 200: jsonContent(z.array(SsoProviderSchema), 'Every provider'), ...errorResponses(403) },
})

const put = createRoute({
  method: 'put',
  path: '/sso-providers/{slug}',
  tags: admin,
  security: SECURED,
  summary: 'Create or change a single sign-on provider (super admin)',
  description:
    'Absent fields take their defaults. `client_secret` is never returned; null or absent keeps the stored one. Changing `issuer` or `client_id` forgets the accounts linked through the provider (the accounts stay). 201 when created, 200 when changed.',
  request: { params: z.object(SsoSlugParam), ...jsonBody(PutSsoProviderSchema) },
  responses: {
    200: jsonContent(SsoProviderSchema, 'The changed provider'),
    201: jsonContent(SsoProviderSchema, 'The new provider'),
    ...errorResponses(400, 403),
  },
})

const remove = createRoute({
  method: 'delete',
  path: '/sso-providers/{slug}',
  tags: admin,
  security: SECURED,
  summary: 'Delete a single sign-on provider (super admin)',
  description: 'The accounts that signed in through it stay.',
  request: { params: z.object(SsoSlugParam) },
  responses: { 204: { description: 'Deleted' }, ...errorResponses(403, 404) },
})

const providers = createRoute({
  method: 'get',
  path: '/session/providers',
  tags: session,
  security: PUBLIC,
  summary: 'Single sign-on providers to sign in with',
  responses: { 200: jsonContent(z.array(SignInProviderSchema), 'The enabled providers') },
})

const start = createRoute({
  method: 'get',
  path: '/sso/{slug}/start',
  tags: session,
  security: PUBLIC,
  summary: 'Begin a sign-in at a provider',
  description: `Sends the browser to the provider, and sets a short-lived HttpOnly, SameSite=Lax cookie that its callback must bring back. Each attempt counts toward the sign-in limit of the client's address until it succeeds. ${BROWSER_REFUSALS}`,
  request: { params: z.object(SsoSlugParam), query: SsoStartQuery },
  responses: {
    302: redirect('To the provider, or to the sign-in page with `sso_error`'),
    ...errorResponses(404, 429),
  },
})

const callback = createRoute({
  method: 'get',
  path: '/sso/{slug}/callback',
  tags: session,
  security: PUBLIC,
  summary: 'Finish a sign-in at a provider',
  description: `Where the provider sends the browser back. Checks that the browser began this sign-in, that it was not used before, and the provider's answer; then opens a web session (HttpOnly, SameSite=Lax cookie) and goes to \`next\`. ${BROWSER_REFUSALS}`,
  request: { params: z.object(SsoSlugParam), query: SsoCallbackQuery },
  responses: {
    302: redirect('To `next` once signed in, or to the sign-in page with `sso_error`'),
    ...errorResponses(400, 403, 404),
  },
})

/** The provider as its administrator reads it: the callback address to register, never the secret. */
function presentProvider(view: SsoProviderView, base: string): z.infer<typeof SsoProviderSchema> {
  return {
    slug: view.slug,
    kind: view.kind,
    name: view.name,
    issuer: view.issuer,
    client_id: view.clientId,
    auto_create: view.autoCreate,
    link_by_email: view.linkByEmail,
    allowed_domains: view.allowedDomains,
    enabled: view.enabled,
    callback_url: callbackUrlOf(base, view.slug),
    open_to_anyone: view.openToAnyone,
  }
}

const callbackUrlOf = (base: string, slug: string) =>
  `${base}/api/v1/sso/${encodeURIComponent(slug)}/callback`

/** Whether the caller reads JSON rather than pages: an API client, not a browser's navigation. */
function wantsJson(c: Context<AppEnv>): boolean {
  const accept = c.req.header('accept') ?? ''
  return accept.includes('application/json') && !accept.includes('text/html')
}

/** Single sign-on: the providers (super admin), the list the sign-in page shows, and the sign-in itself. */
export function ssoRoutes(deps: Deps, options: ApiOptions) {
  const isSecure = options.baseUrl?.startsWith('https://') ?? false
  // Read on each request: the public address may be known only once the server listens.
  const base = () => publicUrlOf(options)
  const clientIp = (c: Context<AppEnv>) => options.clientIp?.(c.req.raw, c.env) ?? 'unknown'

  /** Sends a refused sign-in back to the sign-in page with its reason; other errors go on as errors. */
  const refuse = (c: Context<AppEnv>, slug: string, error: unknown) => {
    const reason = isDomainError(error) ? ssoSignInError(error.reason) : undefined
    if (!reason) throw error
    if (reason === 'failed' && error instanceof Error && error.cause instanceof Error) {
      const { message, code } = error.cause as Error & { code?: string }
      options.logger?.warn({ provider: slug, cause: message, code }, 'single sign-on failed')
    }
    if (wantsJson(c)) throw error
    return c.redirect(`/sign-in?sso_error=${reason}`, 302)
  }

  return newRouter()
    .openapi(list, async (c) => {
      const views = await listProviders(deps, actorOf(c))
      return c.json(
        views.map((view) => presentProvider(view, base())),
        200,
      )
    })
    .openapi(put, async (c) => {
      const { slug } = c.req.valid('param')
      const body = c.req.valid('json')
      const { provider, created } = await putProvider(deps, actorOf(c), slug, {
        kind: body.kind,
        name: body.name,
        clientId: body.client_id,
        clientSecret: body.client_secret,
        issuer: body.issuer,
        autoCreate: body.auto_create,
        linkByEmail: body.link_by_email,
        allowedDomains: body.allowed_domains,
        enabled: body.enabled,
      })
      const presented = presentProvider(provider, base())
      return created ? c.json(presented, 201) : c.json(presented, 200)
    })
    .openapi(remove, async (c) => {
      await deleteProvider(deps, actorOf(c), c.req.valid('param').slug)
      return c.body(null, 204)
    })
    .openapi(providers, async (c) => {
      const found = await listSignInProviders(deps)
      return c.json(
        found.map(({ slug, name }) => ({ slug, name, start_url: `${base()}/api/v1/sso/${slug}/start` })),
        200,
      )
    })
    .openapi(start, async (c) => {
      const { slug } = c.req.valid('param')
      try {
        const { url, state } = await startSignIn(deps, {
          slug,
          next: c.req.valid('query').next,
          redirectUri: callbackUrlOf(base(), slug),
          clientIp: clientIp(c),
        })
        setCookie(c, STATE_COOKIE, state, {
          httpOnly: true,
          sameSite: 'Lax',
          secure: isSecure,
          path: STATE_COOKIE_PATH,
          maxAge: Math.floor(SSO_ATTEMPT_MS / 1000),
        })
        return c.redirect(url, 302)
      } catch (error) {
        return refuse(c, slug, error)
      }
    })
    .openapi(callback, async (c) => {
      const { slug } = c.req.valid('param')
      const cookieState = getCookie(c, STATE_COOKIE)
      // Whatever happens, this sign-in is over for the browser.
      deleteCookie(c, STATE_COOKIE, { path: STATE_COOKIE_PATH, secure: isSecure })
      const redirectUri = callbackUrlOf(base(), slug)
      try {
        const { cookie, next } = await finishSignIn(deps, {
          slug,
          state: c.req.valid('query').state,
          cookieState,
          callbackUrl: `${redirectUri}${new URL(c.req.url).search}`,
          redirectUri,
          clientIp: clientIp(c),
        })
        // One browser, one person: a session it held before ends.
        await signOut(deps, getCookie(c, SESSION_COOKIE) ?? '')
        setSessionCookie(c, cookie, options)
        return c.redirect(next, 302)
      } catch (error) {
        return refuse(c, slug, error)
      }
    })
}
