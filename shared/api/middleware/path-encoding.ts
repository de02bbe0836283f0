import type { MiddlewareHandler } from 'hono'
import { getPath } from 'hono/utils/url'
import { DomainError } from '../../errors/domain-error.ts'

/**
 * Refuses (`name_disguised`) an address whose percent-escapes are not UTF-8, such as an encoded
 * lone surrogate: the router would keep them as literal `%XX` text, and a file would be written
 * under that name instead of the one the client meant.
 */
export function requireUtf8Path(): MiddlewareHandler {
  return async function requireUtf8Path(c, next) {
    // Most addresses hold no escape at all: they are not parsed.
    if (!c.req.url.includes('%')) return next()
    const path = new URL(c.req.url).pathname
    if (path.includes('%')) {
      for (const segment of path.split('/')) {
        try {
          // A lone `%` that starts no escape is left to the router, which reads it as itself.
          decodeURIComponent(segment.replace(/%(?![0-9A-Fa-f]{2})/g, '%25'))
        } catch {
          throw new DomainError('name_disguised', { value: segment.slice(0, 200) })
        }
      }
    }
    return next()
  }
}

/** Characters a route pattern's `.` does not match: the line terminators of JavaScript's regexes. */
const LINE_TERMINATORS = /[\n\r\u2028\u2029]/g

/**
 * The path routes are matched against: Hono's, with line breaks kept escaped. A `{path{.+}}`
 * pattern stops at a line break, so `files/a%0Ab.md` would answer 404 instead of reaching the
 * path's own validation (400 `invalid`); parameters are still decoded, so the route sees `a\nb.md`.
 */
export function routingPath(request: Request): string {
  return getPath(request).replace(LINE_TERMINATORS, encodeURIComponent)
}
