import type { ClientResponse } from 'hono/client'
import { hc } from 'hono/client'
import type { ApiRoutes } from '#shared/api/app.ts'
import { runsOnDesktop } from './desktop-page.ts'
import i18n from './i18n.ts'
import { presenceHeaders } from './presence.ts'

/** A failed API call: the catalog's code and message (already in the person's language). */
export class ApiError extends Error {
  readonly status: number
  readonly code: string
  /** Extra fields of the error body (a secret finding, a conflict's current sha, ...). */
  readonly data: Record<string, unknown>
  /** Seconds to wait, from Retry-After (429, 503). */
  readonly retryAfter: number | undefined

  constructor(
    status: number,
    code: string,
    message: string,
    data: Record<string, unknown>,
    retryAfter?: number,
  ) {
    super(message)
    this.status = status
    this.code = code
    this.data = data
    this.retryAfter = retryAfter
  }
}

/**
 * Every request names the person's language (so errors come back in it) and carries
 * X-Requested-With, which the server asks of cookie-authenticated writes (CSRF); and says when the
 * person is away from the screen (presence.ts).
 */
export function apiHeaders(): Record<string, string> {
  return { 'Accept-Language': i18n.language || 'en', 'X-Requested-With': 'fetch', ...presenceHeaders() }
}

/** The typed client of `/api/v1`. Path parameters holding slashes go through `encodePath`. */
export const api = hc<ApiRoutes>('/api/v1', { headers: apiHeaders })

/** A content path as one URL parameter: each segment encoded, the slashes kept. */
export function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/')
}

type Success<R> =
  R extends ClientResponse<infer T, infer S, infer _F> ? (S extends 200 | 201 | 202 ? T : never) : never

/**
 * The body of a successful response (undefined for 204), or an ApiError with the server's code and
 * message. A network failure becomes an ApiError too, with code `network`.
 */
export async function ok<R extends ClientResponse<unknown, number, string>>(
  call: Promise<R>,
): Promise<Success<R>> {
  return (await settle(call as unknown as Promise<Response>)) as Success<R>
}

/** A response's body or its ApiError. */
async function settle(call: Promise<Response>): Promise<unknown> {
  return readResponse(await reach(call))
}

/** The answer to a request; one that never got an answer is an ApiError with code `network`. */
export async function reach<R>(call: Promise<R>): Promise<R> {
  try {
    return await call
  } catch (error) {
    // On the desktop, what does not answer is the engine on this computer, not a server afar.
    const message = i18n.t(runsOnDesktop() ? 'common.engineUnreachable' : 'common.networkError')
    throw new ApiError(0, 'network', message, { cause: String(error) })
  }
}

/** A response's JSON or text body, or its ApiError (for answers read as bytes, once they failed). */
export async function readResponse(res: Response): Promise<unknown> {
  if (res.ok) {
    if (res.status === 204) return undefined
    const type = res.headers.get('content-type') ?? ''
    return type.includes('json') ? res.json() : res.text()
  }
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>
  const retry = Number(res.headers.get('retry-after'))
  if (Array.isArray(body.detail)) {
    // A malformed body (422 detail): name the fields, the messages are the validator's.
    const fields = (body.detail as { loc?: unknown[]; msg?: string }[])
      .map((d) => `${(d.loc ?? []).slice(1).join('.')}: ${d.msg ?? ''}`)
      .join('; ')
    throw new ApiError(res.status, 'validation', `${i18n.t('common.invalidInput')} ${fields}`, body)
  }
  const code = typeof body.error === 'string' ? body.error : `http_${res.status}`
  const message = typeof body.message === 'string' ? body.message : i18n.t('common.unexpectedError')
  throw new ApiError(res.status, code, message, body, Number.isFinite(retry) && retry > 0 ? retry : undefined)
}

/**
 * A request the typed client cannot express, with the same headers and error handling. Each use is
 * wrapped in one function of its feature's API module that names its type from the server's.
 */
export async function request<T>(method: string, url: string, body?: unknown): Promise<T> {
  const call = fetch(`/api/v1${url}`, {
    method,
    headers: { ...apiHeaders(), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return (await settle(call)) as T
}

/** The URL of a file's raw bytes in a space (for downloads, images and links). */
export function rawUrl(org: string, space: string, path: string): string {
  return `/api/v1/organizations/${encodeURIComponent(org)}/spaces/${encodeURIComponent(space)}/raw/${encodePath(path)}`
}

/** `/organizations/{org}/spaces/{space}` for `request`. */
export function spaceUrl(org: string, space: string): string {
  return `/organizations/${encodeURIComponent(org)}/spaces/${encodeURIComponent(space)}`
}
