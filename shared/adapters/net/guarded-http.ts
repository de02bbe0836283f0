import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http'
import https from 'node:https'
import type { OutboundGuard } from './outbound-guard.ts'

/** How many redirects a GET follows before giving up (git itself follows a few at most). */
const MAX_REDIRECTS = 5

/** Headers that carry credentials: they never follow a redirect to another origin. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization']

export type GuardedRequest = {
  url: string
  method?: string
  headers?: Record<string, string>
  body?: Uint8Array
  signal?: AbortSignal
}

export type GuardedResponse = {
  /** The address that answered, after redirects. */
  url: string
  statusCode: number
  statusMessage: string
  headers: IncomingHttpHeaders
  body: IncomingMessage
}

/** A redirect the client would not follow (to another scheme, or too many of them). */
export class RedirectRefusedError extends Error {
  readonly code = 'ERR_REDIRECT_REFUSED'
  constructor(message: string) {
    super(message)
    this.name = 'RedirectRefusedError'
  }
}

/** The error of a connection that stayed silent past the guard's limit. */
function remoteSilent(guard: OutboundGuard): Error {
  return Object.assign(
    new Error(`the remote did not answer for ${Math.round(guard.idleTimeoutMs / 1000)} s`),
    {
      code: 'ETIMEDOUT',
    },
  )
}

function send(guard: OutboundGuard, url: URL, request: GuardedRequest, headers: Record<string, string>) {
  const isHttps = url.protocol === 'https:'
  const options: http.RequestOptions = {
    protocol: url.protocol,
    hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port || (isHttps ? 443 : 80),
    path: `${url.pathname}${url.search}`,
    method: request.method ?? 'GET',
    headers: request.body ? { ...headers, 'content-length': String(request.body.byteLength) } : headers,
    agent: isHttps ? guard.agents.https : guard.agents.http,
    signal: request.signal,
  }
  return new Promise<IncomingMessage>((done, fail) => {
    const req = (isHttps ? https : http).request(options, done)
    // Until the answer's body is read to its end (by the caller), a silence this long ends it.
    req.setTimeout(guard.idleTimeoutMs, () => req.destroy(remoteSilent(guard)))
    req.on('error', fail)
    req.end(request.body)
  })
}

/**
 * An HTTP request through the guard's agents: every connection, the first and each redirect's,
 * goes only to an address the policy allows. GET and HEAD follow redirects to http or https
 * addresses; credentials go along only while the origin (scheme, host, port) stays the first one.
 * Other methods return the redirect as it is, since their body cannot be sent again safely.
 */
export async function guardedRequest(
  guard: OutboundGuard,
  request: GuardedRequest,
): Promise<GuardedResponse> {
  const origin = new URL(request.url).origin
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(request.headers ?? {})) headers[name.toLowerCase()] = value
  let url = new URL(request.url)
  const method = (request.method ?? 'GET').toUpperCase()
  for (let redirects = 0; ; redirects++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new RedirectRefusedError('the remote redirected to an address that is not http or https')
    const sent = url.origin === origin ? headers : withoutCredentials(headers)
    const response = await send(guard, url, request, sent)
    const status = response.statusCode ?? 0
    const location = response.headers.location
    if (status < 300 || status >= 400 || !location || (method !== 'GET' && method !== 'HEAD'))
      return {
        url: url.href,
        statusCode: status,
        statusMessage: response.statusMessage ?? '',
        headers: response.headers,
        body: response,
      }
    response.resume()
    if (redirects >= MAX_REDIRECTS) throw new RedirectRefusedError('the remote redirected too many times')
    url = new URL(location, url)
  }
}

function withoutCredentials(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !CREDENTIAL_HEADERS.includes(name)))
}

/** The whole body of a response, for the small answers (ref lists, push reports) read at once. */
export async function readBody(response: GuardedResponse): Promise<Uint8Array> {
  const chunks: Buffer[] = []
  for await (const chunk of response.body) chunks.push(chunk as Buffer)
  return new Uint8Array(Buffer.concat(chunks))
}
