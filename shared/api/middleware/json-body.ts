import { isUtf8 } from 'node:buffer'
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
    // The method first: asking a request for its body builds a whole Fetch request, for nothing on a GET.
    if (!WITH_BODY.has(c.req.method)) return next()
    const type = c.req.header('content-type')
    if (c.req.raw.body === null || JSON_TYPE.test(type ?? '')) return next()
    // An action that takes no body must not be refused for sending none: `curl -X POST` without data
    // sends no length, no type and no chunks, which HTTP/1.1 reads as no body. Nothing is read to know:
    // this runs before the caller is known.
    const length = c.req.header('content-length')
    const hasBody =
      length !== undefined
        ? length !== '0'
        : type !== undefined || c.req.header('transfer-encoding') !== undefined
    if (hasBody) {
      return validationResponse(c, [
        { loc: ['body'], msg: 'Expected a JSON body (Content-Type: application/json)', type: 'content_type' },
      ])
    }
    return next()
  }
}

/**
 * Refuses a JSON body that is not UTF-8 (422): decoding it would silently turn the bad bytes into
 * U+FFFD and commit text the client never sent. Runs after authentication, so that only a known
 * caller's body is read this early; the body stays cached for the validator.
 */
export function requireUtf8Body(): MiddlewareHandler {
  return async function requireUtf8Body(c, next) {
    if (
      WITH_BODY.has(c.req.method) &&
      c.req.raw.body !== null &&
      JSON_TYPE.test(c.req.header('content-type') ?? '') &&
      !isUtf8(await c.req.arrayBuffer())
    ) {
      return validationResponse(c, [
        { loc: ['body'], msg: 'The request body is not valid UTF-8', type: 'json_invalid' },
      ])
    }
    return next()
  }
}
