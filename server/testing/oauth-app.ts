import { createHash, randomBytes } from 'node:crypto'
import { createApp } from '#shared/api/app.ts'
import { json, sessionCookie, type TestApp, testApp } from '#shared/testing/test-app.ts'
import { hostRoutes } from '../routes.ts'

/** The base address of the test app (app.request() sends to http://localhost). */
export const BASE = 'http://localhost'
export const REDIRECT = 'http://127.0.0.1:7777/callback'

/** A PKCE verifier and its S256 challenge. */
export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

export type OAuthTestApp = TestApp & {
  /** A request to any path of the app with the OAuth routes mounted. */
  send(path: string, init?: RequestInit): Promise<Response>
  /** Registers a client (public by default) and answers its registration response. */
  register(
    metadata?: Record<string, unknown>,
    ip?: string,
  ): Promise<Record<string, unknown> & { client_id: string }>
  /** Creates a person (and their full token) and signs them in: their session cookie. */
  person(username: string, locale?: string): Promise<{ cookie: string; token: string }>
  /** Signs in someone who has an account already: their session cookie. */
  signIn(username: string): Promise<string>
  /** The query of /oauth/authorize for a client, with the usual parameters. */
  authorizeQuery(clientId: string, challenge: string, extra?: Record<string, string>): string
  /** Walks the consent for a signed-in person and answers the redirect's query (code, state, iss). */
  consent(
    cookie: string,
    query: string,
    choice?: { decision?: 'allow' | 'deny'; spaces?: number[]; write?: boolean },
  ): Promise<URLSearchParams>
  /** A form POST to an OAuth endpoint. */
  form(path: string, fields: Record<string, string>, headers?: Record<string, string>): Promise<Response>
  /** Registers a client, gets a person's consent and exchanges the code: the token response. */
  connect(
    cookie: string,
    extra?: Record<string, string>,
  ): Promise<{ clientId: string; tokens: Record<string, string> }>
}

/** The test API with the OAuth routes mounted as the server mounts them, on http://localhost. */
export async function oauthTestApp(): Promise<OAuthTestApp> {
  const t = (await testApp()) as OAuthTestApp
  const clientIp = (request: Request) => request.headers.get('x-test-ip') ?? '127.0.0.1'
  const app = createApp(t.deps, {
    ownOrigins: () => [BASE],
    clientIp,
    routes: hostRoutes(t.deps, { baseUrl: () => BASE, ownOrigins: () => [BASE], clientIp }),
  })
  t.send = async (path, init) => app.request(path, init)
  t.register = async (metadata = {}, ip = '127.0.0.1') => {
    const response = await t.send('/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-test-ip': ip },
      body: JSON.stringify({ client_name: 'Claude', redirect_uris: [REDIRECT], ...metadata }),
    })
    if (response.status !== 201)
      throw new Error(`registration failed: ${response.status} ${await response.text()}`)
    return json(response)
  }
  t.person = async (username, locale) => {
    const token = await t.user(username)
    if (locale) await t.call('PATCH', `/users/${username}`, { token, body: { locale } })
    return { cookie: await t.signIn(username), token }
  }
  t.signIn = async (username) => {
    const response = await t.call('POST', '/session', {
      body: { username, password: `${username}-password` },
    })
    return sessionCookie(response)
  }
  t.authorizeQuery = (clientId, challenge, extra = {}) =>
    new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: REDIRECT,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: 'xyz',
      resource: `${BASE}/mcp`,
      ...extra,
    }).toString()
  t.consent = async (cookie, query, choice = {}) => {
    const page = await t.send(`/oauth/authorize?${query}`, { headers: { cookie } })
    if (page.status !== 200) throw new Error(`no consent page: ${page.status} ${await page.text()}`)
    const html = await page.text()
    const fields = hiddenFields(html)
    fields.append('decision', choice.decision ?? 'allow')
    // Writing is ticked on the page when the application asks for it: sent unless unticked.
    if (choice.write !== false && html.includes('name="write"')) fields.append('write', '1')
    for (const id of choice.spaces ?? []) fields.append('space', String(id))
    const answer = await t.send('/oauth/authorize', {
      method: 'POST',
      headers: { cookie, origin: BASE, 'content-type': 'application/x-www-form-urlencoded' },
      body: fields.toString(),
    })
    if (answer.status !== 302) throw new Error(`no redirect: ${answer.status} ${await answer.text()}`)
    const location = new URL(answer.headers.get('location') ?? '')
    if (`${location.origin}${location.pathname}` !== REDIRECT) throw new Error(`redirected to ${location}`)
    return location.searchParams
  }
  t.form = (path, fields, headers = {}) =>
    t.send(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields).toString(),
    })
  t.connect = async (cookie, extra = {}) => {
    const { client_id } = await t.register()
    const { verifier, challenge } = pkce()
    const answer = await t.consent(cookie, t.authorizeQuery(client_id, challenge, extra))
    const response = await t.form('/oauth/token', {
      grant_type: 'authorization_code',
      code: answer.get('code') ?? '',
      redirect_uri: REDIRECT,
      code_verifier: verifier,
      client_id,
    })
    if (response.status !== 200) throw new Error(`exchange failed: ${await response.text()}`)
    return { clientId: client_id, tokens: await json<Record<string, string>>(response) }
  }
  return t
}

/** The hidden fields of the consent page's form. */
export function hiddenFields(html: string): URLSearchParams {
  const fields = new URLSearchParams()
  const decode = (s: string) => s.replace(/&#(\d+);/g, (_m, n: string) => String.fromCharCode(Number(n)))
  for (const match of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g))
    fields.append(decode(match[1] ?? ''), decode(match[2] ?? ''))
  return fields
}
