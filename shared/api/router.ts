import { OpenAPIHono, z } from '@hono/zod-openapi'
import type { AppEnv } from './env.ts'
import { validationResponse, zodIssues } from './errors.ts'
import { ErrorSchema, ValidationErrorSchema } from './schemas.ts'

/** A router whose malformed requests answer 422 with `detail` (SPEC 7.1). */
export function newRouter(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success)
        return validationResponse(
          c,
          zodIssues(result.error, result.target, (result as { data?: unknown }).data),
        )
    },
  })
}

/** Security requirement of authenticated routes: a personal token or the session cookie. */
export const SECURED: Record<string, string[]>[] = [{ bearerAuth: [] }, { sessionCookie: [] }]

/** Security requirement of routes anyone may call (signing in, a Git host's signed webhook): none. */
export const PUBLIC: Record<string, string[]>[] = []

/** A JSON response with its schema. */
export function jsonContent<T>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } }
}

/** A required JSON request body. */
export function jsonBody<T>(schema: T) {
  return { body: { required: true, content: { 'application/json': { schema } } } }
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid request (`invalid`)',
  401: 'Missing or invalid credentials (`unauthenticated`)',
  403: 'Not allowed (`forbidden`)',
  404: 'Not found or not visible (`not_found`)',
  409: 'Conflict (`conflict`)',
  413: 'Body too large (`too_large`)',
  429: 'Too many requests (`too_many_requests`), with Retry-After',
  503: 'Temporarily unavailable (`unavailable`), with Retry-After',
}

/** The error responses a route may give: always 401, 422 and 503, plus the listed ones. */
export function errorResponses(...statuses: number[]) {
  const responses: Record<number, ReturnType<typeof jsonContent>> = {
    422: jsonContent(
      z.union([ValidationErrorSchema, ErrorSchema]),
      'Malformed request body, path or query (`detail`); or, for a write checked for secrets, `secret_detected` (`error`, `message`)',
    ),
  }
  for (const status of [401, 503, ...statuses]) {
    responses[status] = jsonContent(ErrorSchema, ERROR_DESCRIPTIONS[status] ?? 'Error')
  }
  return responses
}
