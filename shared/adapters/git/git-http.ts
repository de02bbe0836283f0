import type { GitHttpRequest, GitHttpResponse, HttpClient } from 'isomorphic-git'
import { guardedRequest } from '../net/guarded-http.ts'
import type { OutboundGuard } from '../net/outbound-guard.ts'

/** Gathers a request body isomorphic-git hands over as chunks (a few want/have lines for a fetch). */
async function collect(body: GitHttpRequest['body']): Promise<Uint8Array | undefined> {
  if (!body) return undefined
  const chunks: Uint8Array[] = []
  for await (const chunk of body as AsyncIterable<Uint8Array>) chunks.push(chunk)
  return new Uint8Array(Buffer.concat(chunks))
}

/**
 * isomorphic-git's HTTP client, connecting only where the guard allows. It replaces
 * `isomorphic-git/http/node`, whose redirects keep the Authorization header across ports and
 * schemes and whose sockets connect wherever a name resolves.
 */
export function gitHttpClient(guard: OutboundGuard): HttpClient {
  return {
    request: async (request): Promise<GitHttpResponse> => {
      const response = await guardedRequest(guard, {
        url: request.url,
        method: request.method,
        headers: request.headers,
        body: await collect(request.body),
        signal: request.signal,
      })
      const headers: Record<string, string> = {}
      for (const [name, value] of Object.entries(response.headers)) {
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value
      }
      return {
        url: response.url,
        method: request.method,
        statusCode: response.statusCode,
        statusMessage: response.statusMessage,
        headers,
        body: response.body[Symbol.asyncIterator]() as AsyncIterableIterator<Uint8Array>,
      }
    },
  }
}
