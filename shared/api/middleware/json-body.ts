import type { MiddlewareHandler } from 'hono'
import { validationResponse } from '../errors.ts'

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH'])
const JSON_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i

/**
 * Refuses a request body that is not JSON (422), instead of reading it as an empty object: a
 * PATCH sent as a form must not succeed while changing nothing.
 */
export function requireJsonBody(): MiddlewareHandler {
  return async function requireJsonBody(c, next) {
    const hasBody = c.req.raw.body !== null && c.req.header('content-length') !== '0'
    if (WITH_BODY.has(c.req.method) && hasBody && !JSON_TYPE.test(c.req.header('content-type') ?? '')) {
      return validationResponse(c, [
        { loc: ['body'], msg: 'Expected a JSON body (Content-Type: application/json)', type: 'content_type' },
      ])
    }
    return next()
  }
}
