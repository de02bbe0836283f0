/** The HTTP plumbing of the loopback JSON servers that stand in for model providers in tests. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A request a fake server received, whatever it answered. */
export type RecordedRequest = { path: string; body: unknown; headers: Record<string, string> }

/** Answers one recorded request; may take its time (a held-back answer). */
export type Answer = (
  request: RecordedRequest,
  req: IncomingMessage,
  res: ServerResponse,
) => void | Promise<void>

/**
 * A server on 127.0.0.1 (a free port) that reads each request whole, appends it to `requests` and
 * hands it to `answer`. A request that cannot be read or answered loses its connection.
 */
export async function startJsonServer(
  requests: RecordedRequest[],
  answer: Answer,
): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    readBody(req)
      .then((raw) => {
        const request = {
          path: (req.url ?? '/').split('?')[0] ?? '/',
          body: parseBody(raw),
          headers: flatHeaders(req),
        }
        requests.push(request)
        return answer(request, req, res)
      })
      .catch(() => res.destroy())
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  return { server, port: (server.address() as AddressInfo).port }
}

/** Closes the server. Clients keep connections alive: they are closed too, or `close` would wait for them. */
export function stopServer(server: Server): Promise<void> {
  server.closeAllConnections()
  return new Promise<void>((resolve) => server.close(() => resolve()))
}

/** Answers with `body` as JSON. */
export function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify(body))
}

/** The body as JSON when it is, undefined when empty, and as text otherwise: a test may want to see it. */
function parseBody(raw: string): unknown {
  if (raw === '') return undefined
  try {
    return JSON.parse(raw)
  } catch {
    return raw
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

function flatHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value
  }
  return headers
}
