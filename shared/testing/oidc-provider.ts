import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider, { type Adapter, type AdapterPayload } from 'oidc-provider'

/**
 * A real OpenID Connect provider on loopback for tests: `oidc-provider` over plain http on
 * 127.0.0.1 (a port of its own), with the authorization code flow, PKCE required, signed ID tokens
 * and a user info endpoint. No page is ever shown: each authorization signs in, with its consent,
 * the account the test named with `signInAs`, whether or not the browser is still signed in there.
 *
 * ```ts
 * const idp = await startOidcProvider({
 *   clients: [{ clientId: 'quire', clientSecret: 'client-secret', redirectUris: [callbackUrl] }],
 * })
 * idp.setAccount({ subject: 'alice-1', email: 'alice@example.com', emailVerified: true, name: 'Alice' })
 * idp.signInAs('alice-1')                  // who signs in next (null: the person declines)
 * const back = await idp.authorize(url)    // the provider's side, as a browser: where it sends back to
 * await idp.close()
 * ```
 *
 * - `issuer` is what a single sign-on provider's `issuer` is set to (http is allowed on loopback).
 * - `authorize(url)` follows an authorization URL through the provider's redirects with a cookie
 *   jar of its own (a fresh browser each call, unless a `jar` is passed to keep between calls) and
 *   returns the first address outside the provider: the redirect URI with `code`, `state` and
 *   `iss`, or with `error` when the sign-in was declined.
 * - In a real browser the same happens by itself: the provider redirects back at once.
 * - Claims go to the user info endpoint, as most providers do; `claimsInIdToken` puts them in the ID
 *   token as well. The client authenticates with its secret (`client_secret_basic` or `_post`).
 */
export type OidcTestProvider = {
  /** `http://127.0.0.1:<port>`: the issuer identifier, and where the provider listens. */
  issuer: string
  /** Adds or replaces a person who may sign in. */
  setAccount(account: OidcTestAccount): void
  /** Who the next sign-ins are, by subject; null (or an unknown subject) makes them declined. */
  signInAs(subject: string | null): void
  /** Registers another client. */
  addClient(client: OidcTestClient): Promise<void>
  /** Follows an authorization URL through the provider and returns where it sends the browser back. */
  authorize(url: string, jar?: CookieJar): Promise<string>
  close(): Promise<void>
}

/** The provider's cookies a browser holds, by name. */
export type CookieJar = Map<string, string>

/** A person at the provider: what its ID token and user info say. */
export type OidcTestAccount = {
  subject: string
  email?: string
  /** Sent as `email_verified` when set. */
  emailVerified?: boolean
  preferredUsername?: string
  name?: string
}

/** A relying party registered at the provider. */
export type OidcTestClient = {
  clientId: string
  clientSecret: string
  redirectUris: string[]
  /** `client_secret_basic` unless told. */
  authMethod?: 'client_secret_basic' | 'client_secret_post'
}

export type OidcTestProviderOptions = {
  clients?: OidcTestClient[]
  accounts?: OidcTestAccount[]
  /** Whether the ID token carries the address and the name too (not only the user info endpoint). */
  claimsInIdToken?: boolean
}

/** Starts a provider on 127.0.0.1; close it after the test. */
export async function startOidcProvider(options: OidcTestProviderOptions = {}): Promise<OidcTestProvider> {
  const accounts = new Map((options.accounts ?? []).map((a) => [a.subject, a]))
  let current: string | null = null

  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' })

  const provider = new Provider(issuer, {
    adapter: memoryAdapter(),
    clients: (options.clients ?? []).map(clientMetadata),
    findAccount: async (_ctx, sub) => {
      const account = accounts.get(sub)
      return account && { accountId: sub, claims: () => claimsOf(account) }
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    conformIdTokenClaims: !options.claimsInIdToken,
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    jwks: { keys: [{ ...signingKey, kid: 'test-key', alg: 'RS256', use: 'sig' }] },
    pkce: { required: () => true },
    responseTypes: ['code'],
    // Lifetimes in seconds, set so the library does not warn about its defaults.
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
  })
  const handle = provider.callback()

  /** Signs the chosen person in and gives consent at once, as if they clicked through. */
  const interact = async (req: IncomingMessage, res: ServerResponse) => {
    const details = await provider.interactionDetails(req, res)
    const subject = current !== null && accounts.has(current) ? current : undefined
    if (!subject) {
      const declined = { error: 'access_denied', error_description: 'The person did not sign in.' }
      return await provider.interactionFinished(req, res, declined, { mergeWithLastSubmission: false })
    }
    const grant = new provider.Grant({ accountId: subject, clientId: String(details.params.client_id) })
    grant.addOIDCScope(String(details.params.scope ?? 'openid'))
    const result = { login: { accountId: subject }, consent: { grantId: await grant.save() } }
    await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false })
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    // An authorization forgets the browser's session here, so it always asks who signs in: the
    // account the test set is the one that comes back, with no sign-out of the previous one first.
    if (/^\/auth(\/|\?|$)/.test(req.url ?? '')) req.headers.cookie = withoutSession(req.headers.cookie)
    const work = req.url?.startsWith('/interaction/') ? interact(req, res) : handle(req, res)
    work.catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' })
      res.end(String(error))
    })
  })

  return {
    issuer,
    setAccount: (account) => void accounts.set(account.subject, account),
    signInAs: (subject) => {
      current = subject
    },
    addClient: (client) => provider.Client.adapter.upsert(client.clientId, clientMetadata(client)),
    authorize: (url, jar) => followThrough(issuer, url, jar),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}

/** A Cookie header without the provider's session cookies. */
function withoutSession(header: string | undefined): string {
  return (header ?? '')
    .split(/;\s*/)
    .filter((pair) => pair && !/^_session(\.sig)?=/.test(pair))
    .join('; ')
}

function clientMetadata(client: OidcTestClient) {
  return {
    client_id: client.clientId,
    client_secret: client.clientSecret,
    redirect_uris: client.redirectUris,
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: client.authMethod ?? 'client_secret_basic',
  }
}

function claimsOf(account: OidcTestAccount): Record<string, unknown> {
  const claims: Record<string, unknown> = { sub: account.subject }
  if (account.email !== undefined) claims.email = account.email
  if (account.emailVerified !== undefined) claims.email_verified = account.emailVerified
  if (account.preferredUsername !== undefined) claims.preferred_username = account.preferredUsername
  if (account.name !== undefined) claims.name = account.name
  return claims
}

/** Follows redirects inside the provider, carrying its cookies, until one leads elsewhere. */
async function followThrough(issuer: string, url: string, jar: CookieJar = new Map()): Promise<string> {
  const origin = new URL(issuer).origin
  let at = new URL(url)
  for (let hop = 0; hop < 10; hop++) {
    if (at.origin !== origin) return at.href
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
    const response = await fetch(at, { redirect: 'manual', headers: cookie ? { cookie } : {} })
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const name = pair.slice(0, pair.indexOf('=')).trim()
      const value = pair.slice(pair.indexOf('=') + 1).trim()
      const isGone = attributes.some(
        (a) => /^\s*expires=thu, 01 jan 1970/i.test(a) || /^\s*max-age=0$/i.test(a),
      )
      if (isGone || !value) jar.delete(name)
      else jar.set(name, value)
    }
    const body = await response.text()
    const location = response.headers.get('location')
    if (response.status < 300 || response.status >= 400 || !location)
      throw new Error(`the provider answered ${response.status} at ${at.pathname}: ${body.slice(0, 500)}`)
    at = new URL(location, at)
  }
  throw new Error('the provider redirected more than ten times')
}

/** The provider's storage, in memory and of its own (the library's default is shared by every instance). */
function memoryAdapter(): new (name: string) => Adapter {
  const rows = new Map<string, { payload: AdapterPayload; expiresAt: number }>()
  const live = (key: string) => {
    const row = rows.get(key)
    if (row && row.expiresAt <= Date.now()) rows.delete(key)
    return row && row.expiresAt > Date.now() ? row.payload : undefined
  }
  return class MemoryAdapter implements Adapter {
    private readonly model: string
    constructor(model: string) {
      this.model = model
    }
    private key(id: string) {
      return `${this.model}:${id}`
    }
    async upsert(id: string, payload: AdapterPayload, expiresIn?: number) {
      const expiresAt = expiresIn ? Date.now() + expiresIn * 1000 : Number.POSITIVE_INFINITY
      rows.set(this.key(id), { payload: structuredClone(payload), expiresAt })
    }
    async find(id: string) {
      return live(this.key(id))
    }
    async findByUid(uid: string) {
      return this.findBy((payload) => payload.uid === uid)
    }
    async findByUserCode(userCode: string) {
      return this.findBy((payload) => payload.userCode === userCode)
    }
    async consume(id: string) {
      const payload = live(this.key(id))
      if (payload) payload.consumed = Math.floor(Date.now() / 1000)
    }
    async destroy(id: string) {
      rows.delete(this.key(id))
    }
    async revokeByGrantId(grantId: string) {
      for (const [key, row] of rows) if (row.payload.grantId === grantId) rows.delete(key)
    }
    private findBy(test: (payload: AdapterPayload) => boolean) {
      for (const key of rows.keys())
        if (key.startsWith(`${this.model}:`)) {
          const payload = live(key)
          if (payload && test(payload)) return payload
        }
      return undefined
    }
  }
}
