import type { Server } from 'node:http'
import { serve } from '@hono/node-server'
import { WebSocketServer } from 'ws'
import { SecuredServerResponse } from '../adapters/http/secured-server-response.ts'
import { LIVE_MESSAGE_MAX } from '../api/routes/collab.ts'

/** How a host answers a request on its socket (a Hono app's `fetch`). */
export type FetchHandler = (request: Request, env: unknown) => Response | Promise<Response>

/**
 * Listens on `hostname:port` (0: a free port) with the security headers written by the Node
 * response itself; settles once listening, or with the socket's error (a port already taken).
 */
export function listenOn(
  fetch: FetchHandler,
  { port, hostname }: { port: number; hostname: string },
): Promise<Server> {
  return new Promise<Server>((resolve, reject) => {
    const server = serve(
      {
        fetch,
        port,
        hostname,
        serverOptions: { ServerResponse: SecuredServerResponse },
        // Live editing's sessions; a message past the limit closes its connection (1009).
        websocket: { server: new WebSocketServer({ noServer: true, maxPayload: LIVE_MESSAGE_MAX }) },
      },
      () => resolve(server as Server),
    )
    server.once('error', reject)
  })
}

/**
 * Stops accepting connections and lets the requests in flight finish, for at most `graceMs`; then
 * the connections left are cut. Settles once the socket is closed.
 */
export function closeListener(server: Server, graceMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), graceMs)
    // Connections that finish their last request during shutdown are closed as soon as they idle.
    const sweep = setInterval(() => server.closeIdleConnections(), 50)
    server.close(() => {
      clearTimeout(force)
      clearInterval(sweep)
      resolve()
    })
    server.closeIdleConnections()
  })
}
