import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ZodError } from 'zod'
import { ERROR_STATUS, messageFor, type Reason } from '../errors/catalog.ts'
import { DomainError } from '../errors/domain-error.ts'
import type { Logger } from '../ports/logger.ts'
import type { AppEnv } from './env.ts'

/** One item of a 422 response: where the problem is, what it is, and its kind. */
export type ValidationIssue = { loc: (string | number)[]; msg: string; type: string }

/** The `{error, message}` response for a catalogued reason, in the request's language. */
export function errorResponse(c: Context<AppEnv>, error: DomainError): Response {
  const locale = c.get('locale') ?? 'en'
  if (error.retryAfter !== undefined) c.header('Retry-After', String(error.retryAfter))
  const status = ERROR_STATUS[error.code] as ContentfulStatusCode
  const message = messageFor(error.reason, locale, error.params)
  // A secret's finding (rules, line, which field) lets a client point at it; no secret is in it.
  const finding = error.code === 'secret_detected' ? error.params : {}
  return c.json({ ...finding, error: error.code, message }, status)
}

/** The 422 response for a malformed request, in the validation framework's format. */
export function validationResponse(c: Context, detail: ValidationIssue[]): Response {
  return c.json({ detail }, 422)
}

/** The value at `path` inside `data`, or undefined where a step of it is missing. */
function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value = data
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined
    value = (value as Record<PropertyKey, unknown>)[key]
  }
  return value
}

/**
 * Turns zod's issues into 422 items, with `body`, `query` or `path` first in each location. A field
 * absent from `data` (what was sent) is `missing`, whatever its schema (a string, a choice, a union).
 */
export function zodIssues(error: ZodError, target: string, data?: unknown): ValidationIssue[] {
  const where = target === 'json' ? 'body' : target === 'param' ? 'path' : target
  return error.issues.map((issue) => {
    const isMissing =
      (issue.code === 'invalid_type' && /received undefined/.test(issue.message)) ||
      (data !== undefined &&
        issue.path.length > 0 &&
        (issue.code === 'invalid_value' || issue.code === 'invalid_union' || issue.code === 'invalid_type') &&
        valueAt(data, issue.path) === undefined)
    return {
      loc: [where, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
      msg: isMissing ? 'Field required' : issue.message,
      type: isMissing ? 'missing' : issue.code,
    }
  })
}

/** Whether an error says the disk (or the user's quota) is full: the file system's, or SQLite's. */
function isDiskFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL'
}

/** Maps anything thrown while handling a request to the error model; never leaks a stack trace. */
export function handleError(logger: Logger | undefined) {
  return function onError(error: unknown, c: Context<AppEnv>): Response {
    if (error instanceof DomainError) return errorResponse(c, error)
    if (error instanceof HTTPException) {
      if (error.status === 400 && /JSON/i.test(error.message)) {
        return validationResponse(c, [
          { loc: ['body'], msg: 'Invalid JSON in request body', type: 'json_invalid' },
        ])
      }
      const reason: Reason | undefined =
        error.status === 401 ? 'unauthenticated' : error.status === 404 ? 'not_found' : undefined
      if (reason) return errorResponse(c, new DomainError(reason))
      if (error.status < 500) return errorResponse(c, new DomainError('invalid'))
    }
    if (isDiskFull(error)) {
      // Nothing is half-written (every write is atomic), and writes work again once space is freed.
      logger?.error(
        { err: error, method: c.req.method, path: c.req.path },
        'disk full: writes fail until space is freed',
      )
      return errorResponse(c, new DomainError('unavailable', {}, 60))
    }
    logger?.error({ err: error, method: c.req.method, path: c.req.path }, 'request failed')
    return errorResponse(c, new DomainError('internal'))
  }
}
