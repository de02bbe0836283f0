import WebSocket from 'ws'
import { AddressNotAllowedError } from '#shared/adapters/net/outbound-guard.ts'
import { LIVE_MESSAGE_MAX } from '#shared/api/routes/collab.ts'
import { DomainError } from '#shared/errors/domain-error.ts'
import type { Deps } from '#shared/ports/deps.ts'
import type { SpaceAccess } from '#shared/services/access/access.ts'
import { type ServerPlace, serverPlaceOf } from './desktop-spaces.ts'
import { serverGuard } from './server-client.ts'

/** How long a hosted server has to accept a live session before the window edits its clone instead. */
export const SERVER_HANDSHAKE_MS = 5_000

/** A page's live session on the hosted server a space comes from, and the person's token there. */
export type ServerPage = ServerPlace & { path: string; token: string }

/**
 * Where a page of a space of this computer is edited live: the hosted server the space was cloned
 * from, with the token the engine keeps for it (sealed with the space's Git credentials, as
 * `user:token`). A space kept here only or from a plain Git remote has no live session.
 */
export async function serverPageOf(
  deps: Pick<Deps, 'cipher'>,
  access: Pick<SpaceAccess, 'org' | 'space' | 'spaceStore'>,
  path: string,
): Promise<ServerPage> {
  const place = access.space.repoUrl ? serverPlaceOf(access.space.repoUrl, access.org.slug) : undefined
  if (!place) throw new DomainError('not_found')
  const sealed = (await access.spaceStore.git.get()).credentials
  const credentials = sealed
    ? (JSON.parse(deps.cipher.open(sealed)) as { kind?: string; token?: string })
    : {}
  const token =
    credentials.kind === 'https' ? credentials.token?.slice(credentials.token.indexOf(':') + 1) : undefined
  if (!token) throw new DomainError('server_refused_token', { url: place.base })
  return { ...place, path, token }
}

/** The WebSocket address of a page's live session on its server. */
export function sessionUrl(page: ServerPage): string {
  const path = page.path.split('/').map(encodeURIComponent).join('/')
  return `${page.base.replace(/^http/, 'ws')}/api/v1/collab/${page.org}/${page.space}/${path}`
}

/** Why the server did not open the session, as the window is told. */
function refusal(base: string, status: number): DomainError {
  if (status === 401 || status === 403) return new DomainError('server_refused_token', { url: base })
  if (status === 404) return new DomainError('not_found')
  return new DomainError('server_unreachable', { url: base, reason: `HTTP ${status}` })
}

/** A page's session opened on its server: the socket, and its messages for whoever relays them. */
export type ServerSession = {
  socket: WebSocket
  /**
   * Hands the server's messages to `onMessage`, those that came already first: the server speaks
   * as soon as it accepts, before the relay is ready to listen.
   */
  listen(onMessage: (data: Buffer) => void): void
}

/**
 * Opens a page's live session on its server, as the person: the engine's bearer token for that
 * server and no Origin (the server takes a token from any program, and a cookie only from its own
 * pages). Settles once the server accepted, or fails with why it could not be reached or refused.
 * The connection goes through the outbound guard, as every other request to the server does.
 */
export function openServerSession(
  page: ServerPage,
  handshakeMs = SERVER_HANDSHAKE_MS,
): Promise<ServerSession> {
  const url = sessionUrl(page)
  return new Promise<ServerSession>((resolve, reject) => {
    const socket = new WebSocket(url, {
      headers: { authorization: `Bearer ${page.token}` },
      agent: url.startsWith('wss:') ? serverGuard.agents.https : serverGuard.agents.http,
      handshakeTimeout: handshakeMs,
      maxPayload: LIVE_MESSAGE_MAX,
      perMessageDeflate: false,
    })
    socket.binaryType = 'nodebuffer'
    const early: Buffer[] = []
    const keep = (data: Buffer) => early.push(data)
    socket.on('message', keep)
    let settled = false
    const fail = (error: DomainError) => {
      if (settled) return
      settled = true
      socket.terminate()
      reject(error)
    }
    // Errors after the session opened reach its close handler; none may go unheard.
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error instanceof AddressNotAllowedError)
        return fail(new DomainError('server_address_refused', { url: page.base, reason: error.message }))
      fail(new DomainError('server_unreachable', { url: page.base, reason: error.code ?? error.message }))
    })
    socket.once('unexpected-response', (request, response) => {
      response.resume()
      request.destroy()
      fail(refusal(page.base, response.statusCode ?? 0))
    })
    socket.once('open', () => {
      settled = true
      resolve({
        socket,
        listen: (onMessage) => {
          socket.off('message', keep)
          for (const data of early.splice(0)) onMessage(data)
          socket.on('message', onMessage)
        },
      })
    })
  })
}
