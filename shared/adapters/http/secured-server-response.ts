import {
  type IncomingMessage,
  type OutgoingHttpHeader,
  type OutgoingHttpHeaders,
  ServerResponse,
} from 'node:http'
import { ADDS_SECURITY_HEADERS, SECURITY_HEADERS } from '../../domain/security-headers.ts'

type Given = OutgoingHttpHeaders | OutgoingHttpHeader[] | undefined

/** Each security header's place in SECURITY_HEADERS, by its lower-case name. */
const PLACE = new Map(SECURITY_HEADERS.map(([name], i) => [name.toLowerCase(), i]))

/**
 * A Node response that adds the security headers (SECURITY_HEADERS) to whatever head it writes,
 * keeping any the route gave itself. Made for `http.createServer({ ServerResponse })`: the headers
 * go in the one list handed to Node, which is the cheapest way to send them (setting them one by one
 * first makes Node merge two sets, and a Fetch Headers object costs more still).
 */
export class SecuredServerResponse<
  Request extends IncomingMessage = IncomingMessage,
> extends ServerResponse<Request> {
  readonly [ADDS_SECURITY_HEADERS] = true

  override writeHead(statusCode: number, reason?: string | Given, headers?: Given): this {
    const message = typeof reason === 'string' ? reason : undefined
    const given = typeof reason === 'string' ? headers : reason
    // Node refuses a second head itself.
    if (this.headersSent) return this.head(statusCode, message, given)
    if (this.getHeaderNames().length > 0 || Array.isArray(given)) {
      // Headers set one by one, or given as a list: Node merges them; the missing ones are added first.
      const own = namesOf(given)
      for (const [name, value] of SECURITY_HEADERS) {
        if (!own.has(name.toLowerCase()) && !this.hasHeader(name)) this.setHeader(name, value)
      }
      return this.head(statusCode, message, given)
    }
    const list: OutgoingHttpHeader[] = []
    let kept = 0
    for (const name in given) {
      list.push(name, given[name] as OutgoingHttpHeader)
      const place = PLACE.get(name.toLowerCase())
      if (place !== undefined) kept |= 1 << place
    }
    for (let i = 0; i < SECURITY_HEADERS.length; i++) {
      if (!(kept & (1 << i))) list.push(...(SECURITY_HEADERS[i] as [string, string]))
    }
    return this.head(statusCode, message, list)
  }

  private head(statusCode: number, message: string | undefined, headers: Given): this {
    return message === undefined
      ? super.writeHead(statusCode, headers)
      : super.writeHead(statusCode, message, headers)
  }
}

/** The lower-case names among headers given as an object, a flat list or a list of pairs. */
function namesOf(given: Given): Set<string> {
  const names = new Set<string>()
  if (!given) return names
  if (!Array.isArray(given)) {
    for (const name in given) names.add(name.toLowerCase())
    return names
  }
  const pairs = given.length > 0 && Array.isArray(given[0])
  for (let i = 0; i < given.length; i += pairs ? 1 : 2) {
    const name = pairs ? (given[i] as unknown as string[])[0] : given[i]
    if (typeof name === 'string') names.add(name.toLowerCase())
  }
  return names
}
