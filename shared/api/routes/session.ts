import { createRoute } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { SESSION_IDLE_MS } from '../../domain/limits.ts'
import type { Deps } from '../../ports/deps.ts'
import { signIn, signOut } from '../../services/accounts/sign-in.ts'
import type { ApiOptions } from '../env.ts'
import { SESSION_COOKIE } from '../middleware/authenticate.ts'
import { presentAccount } from '../present.ts'
import { errorResponses, jsonBody, jsonContent, newRouter, PUBLIC } from '../router.ts'
import { AccountSchema, SignInSchema } from '../schemas.ts'

const signInRoute = createRoute({
  method: 'post',
  path: '/session',
  tags: ['Session'],
  summary: 'Sign in with a password',
  description:
    'Opens a web session: sets an HttpOnly, SameSite=Lax cookie. Too many failed attempts for an account from one address, or from one address in all, give 429.',
  security: PUBLIC,
  request: jsonBody(SignInSchema),
  responses: { 200: jsonContent(AccountSchema, 'The signed-in account'), ...errorResponses(429) },
})

const signOutRoute = createRoute({
  method: 'delete',
  path: '/session',
  tags: ['Session'],
  summary: 'Sign out',
  security: PUBLIC,
  // 401 for a malformed bearer header, 403 for a session cookie sent from another site.
  responses: { 204: { description: 'Signed out' }, ...errorResponses(403) },
})

/** Sets the web session's cookie: HttpOnly, SameSite=Lax, Secure behind an https base address. */
export function setSessionCookie(c: Context, cookie: string, options: ApiOptions): void {
  setCookie(c, SESSION_COOKIE, cookie, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: options.baseUrl?.startsWith('https://') ?? false,
    path: '/',
    maxAge: Math.floor(SESSION_IDLE_MS / 1000),
  })
}

/** The address links in mails and redirects start with (never from the request's Host header). */
export function publicUrlOf(options: ApiOptions): string {
  const url = options.publicUrl?.() ?? options.baseUrl
  if (!url) throw new Error('the API was set up without its public address (publicUrl or baseUrl)')
  return url.replace(/\/+$/, '')
}

/** Password sign-in and sign-out for the web pages and for clients without a token. */
export function sessionRoutes(deps: Deps, options: ApiOptions) {
  const isSecure = options.baseUrl?.startsWith('https://') ?? false
  return newRouter()
    .openapi(signInRoute, async (c) => {
      const { username, password } = c.req.valid('json')
      const clientIp = options.clientIp?.(c.req.raw, c.env) ?? 'unknown'
      const { account, cookie } = await signIn(deps, { username, password, clientIp })
      setSessionCookie(c, cookie, options)
      return c.json(presentAccount(account), 200)
    })
    .openapi(signOutRoute, async (c) => {
      await signOut(deps, getCookie(c, SESSION_COOKIE) ?? '')
      deleteCookie(c, SESSION_COOKIE, { path: '/', secure: isSecure })
      return c.body(null, 204)
    })
}
