import { type IncomingMessage, type Server, STATUS_CODES } from 'node:http'
import type { Duplex } from 'node:stream'
import { serve } from '@hono/node-server'
import { type WebSocket, WebSocketServer } from 'ws'
import { SecuredServerResponse } from '../adapters/http/secured-server-response.ts'
import { LIVE_MESSAGE_MAX } from '../api/routes/collab.ts'

/** How a host answers a request on its socket (a Hono app's `fetch`). */
export type FetchHandler = (request: Request, env: unknown) => Response | Promise<Response>

/**
 * Answers still being computed, and a wait for them at a stop. A request whose client went away (a
 * closed tab, a cancelled fetch) holds no connection, and a request from the desktop's window holds
 * no socket at all: closing a socket does not wait for them, yet their handlers still run and must not
 * find the database closed under them.
 */
export type AnswersInFlight = {
  /** `fetch`, with each answer it gives counted until it settles. */
  track(fetch: FetchHandler): FetchHandler
  /** Settles once the answers counted now have settled, or once `graceMs` is over. */
  settled(graceMs: number): Promise<void>
}

/** A count of answers still being computed, empty to begin with. */
export function answersInFlight(): AnswersInFlight {
  const inFlight = new Set<Promise<unknown>>()
  return {
    track: (fetch) => (request, env) => {
      const answer = fetch(request, env)
      if (!(answer instanceof Promise)) return answer
      const done = () => inFlight.delete(answer)
      inFlight.add(answer)
      answer.then(done, done)
      return answer
    },
    async settled(graceMs) {
      if (inFlight.size === 0) return
      let timer: ReturnType<typeof setTimeout> | undefined
      const graceOver = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, Math.max(0, graceMs))
      })
      await Promise.race([Promise.allSettled([...inFlight]), graceOver])
      clearTimeout(timer)
    },
  }
}

/** The answers each listener is still computing. */
const answering = new WeakMap<Server, AnswersInFlight>()

/**
 * Listens on `hostname:port` (0: a free port) with the security headers written by the Node
 * response itself; settles once listening, or with the socket's error (a port already taken).
 */
export function listenOn(
  fetch: FetchHandler,
  { port, hostname }: { port: number; hostname: string },
): Promise<Server> {
  const inFlight = answersInFlight()
  return new Promise<Server>((resolve, reject) => {
    const server = serve(
      {
        fetch: inFlight.track(answerRefusedUpgrades(fetch)),
        port,
        hostname,
        serverOptions: { ServerResponse: SecuredServerResponse },
        // Live editing's sessions; a message past the limit closes its connection (1009).
        websocket: {
          server: keptAlive(new WebSocketServer({ noServer: true, maxPayload: LIVE_MESSAGE_MAX })),
        },
      },
      () => {
        answering.set(server as Server, inFlight)
        resolve(server as Server)
      },
    )
    server.once('error', reject)
    server.on('clientError', answerClientError)
  })
}

/** How often each WebSocket is pinged; one that has not answered the ping before by then is ended. */
export const PING_MS = 30_000

/**
 * Ends the WebSockets whose other end is gone without a word (a laptop asleep, a network changed): a
 * socket nobody writes to is never found dead otherwise, and it would keep its place in a page (its
 * presence, its account's share of connections) for good. Each is pinged every `pingMs`; one that did
 * not answer the last ping is ended, and its session is left as on any close.
 */
export function keptAlive(server: WebSocketServer, pingMs = PING_MS): WebSocketServer {
  const answered = new WeakMap<WebSocket, boolean>()
  server.on('connection', (socket: WebSocket) => {
    answered.set(socket, true)
    socket.on('pong', () => answered.set(socket, true))
  })
  const timer = setInterval(() => {
    for (const socket of server.clients) {
      if (answered.get(socket) === false) {
        socket.terminate()
        continue
      }
      answered.set(socket, false)
      socket.ping()
    }
  }, pingMs)
  timer.unref?.()
  server.on('close', () => clearInterval(timer))
  return server
}

/**
 * A refused WebSocket upgrade (live editing: no credential, a page the caller cannot see, too many
 * sessions) answered in the error model. The Node server writes a refused upgrade's status with no
 * body; the answer is written here whole, with its body, and the connection closed after it.
 */
function answerRefusedUpgrades(fetch: FetchHandler): FetchHandler {
  return async (request, env) => {
    const response = await fetch(request, env)
    const { incoming, outgoing } = (env ?? {}) as { incoming?: IncomingMessage; outgoing?: unknown }
    // An upgrade reaches the app without a response object of its own (`outgoing`).
    const socket = outgoing === undefined ? incoming?.socket : undefined
    if (!socket || socket.destroyed || response.status < 400) return response
    const body = Buffer.from(await response.arrayBuffer())
    const lines = [`HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ''}`]
    response.headers.forEach((value, key) => {
      if (!['content-length', 'connection', 'transfer-encoding'].includes(key)) lines.push(`${key}: ${value}`)
    })
    lines.push(`Content-Length: ${body.length}`, 'Connection: close', '', '')
    await new Promise<void>((resolve) =>
      socket.end(Buffer.concat([Buffer.from(lines.join('\r\n')), body]), resolve),
    )
    socket.destroy()
    return response
  }
}

/**
 * Answers a request Node refuses before any route sees it (its address and headers past Node's limit,
 * or not HTTP at all) in the error model, where Node's own answer has no body: `invalid`, as the route
 * would for a request it cannot read.
 */
function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy()
    return
  }
  const message =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 'The request’s address and headers are too long.'
      : 'The request could not be read as HTTP.'
  const body = JSON.stringify({ error: 'invalid', message })
  socket.end(
    `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=UTF-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  )
}

/**
 * Stops accepting connections and lets the requests in flight finish, for at most `graceMs`; then
 * the connections left are cut. Settles once the socket is closed and the answers still being
 * computed (their clients gone) are done, or the grace is over.
 */
export async function closeListener(server: Server, graceMs: number): Promise<void> {
  const started = Date.now()
  await new Promise<void>((resolve) => {
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
  await answering.get(server)?.settled(graceMs - (Date.now() - started))
}
