import type { WSContext } from 'hono/ws'
import * as decoding from 'lib0/decoding'
import * as encoding from 'lib0/encoding'
import WebSocket from 'ws'
import * as awarenessProtocol from 'y-protocols/awareness'
import * as syncProtocol from 'y-protocols/sync'
import * as Y from 'yjs'
import {
  MESSAGE_AWARENESS,
  MESSAGE_STATUS,
  MESSAGE_SYNC,
  readStatus,
  type ServerStatus,
} from '#shared/domain/collab-wire.ts'
import type { ServerSession } from './server-session.ts'

/** What the server may say that ends a closed window's wait: its typing was committed, or never will be. */
const SETTLED = new Set<ServerStatus['type']>(['saved', 'refused', 'read_only', 'gone', 'closing'])

/** Close codes a socket may send; the others (1005, 1006, 1015) only describe what happened. */
const SENDABLE = new Set([1000, 1001, 1003, 1007, 1008, 1009, 1010, 1011, 1012, 1013, 1014])

/** A close code to pass on to the window; a line that dropped becomes "going away". */
export function passableCode(code: number): number {
  return SENDABLE.has(code) || (code >= 3000 && code <= 4999) ? code : 1001
}

/** What a relayed session tells the engine. */
export type RelayEvents = {
  /** The server committed the page: the clone should take the commit soon. */
  committed(): void
  /** The session is over on both sides. */
  ended(): void
}

/** The messages of one window relayed to its page's session on the hosted server, and back. */
export type RelaySession = {
  /** The window's connection is open: what the server sent meanwhile goes to it first. */
  join(window: WSContext): void
  /** A message from the window, passed on unchanged. */
  fromWindow(message: Uint8Array): void
  /**
   * The window closed. When it typed since the server's last commit, the session on the server
   * stays open (the window's presence withdrawn) until the server commits, so its typing is in the
   * commit the engine then syncs, at most `lingerMs`; otherwise it closes at once.
   */
  windowLeft(lingerMs: number): void
  /** Closes both sides now. */
  end(code?: number, reason?: string): void
  upstream: WebSocket
}

/** The kind-100 news of a server message, if it is one. */
function statusOf(message: Uint8Array): ServerStatus | undefined {
  try {
    const decoder = decoding.createDecoder(message)
    if (decoding.readVarUint(decoder) !== MESSAGE_STATUS) return undefined
    return readStatus(decoder) as ServerStatus | undefined
  } catch {
    return undefined
  }
}

/**
 * Relays one window's live session to the hosted server: every message passes both ways as it came
 * (the server speaks to the person directly, and checks their right to write on every update). The
 * relay only reads what it must: whether the window typed, its presence, and the server's commits.
 */
export function relaySession(server: ServerSession, events: RelayEvents): RelaySession {
  const upstream = server.socket
  let stage: 'opening' | 'open' | 'lingering' | 'ended' = 'opening'
  let window: WSContext | undefined
  let early: Uint8Array[] = []
  let typed = false
  let lingering: ReturnType<typeof setTimeout> | undefined
  // The window's presence, as it announced it: withdrawn on the server when the window leaves first.
  const presenceDoc = new Y.Doc()
  const presence = new awarenessProtocol.Awareness(presenceDoc)
  presence.setLocalState(null)

  const withdrawPresence = () => {
    const clients = [...presence.getStates().keys()]
    if (clients.length === 0) return
    awarenessProtocol.removeAwarenessStates(presence, clients, 'left')
    const encoder = encoding.createEncoder()
    encoding.writeVarUint(encoder, MESSAGE_AWARENESS)
    encoding.writeVarUint8Array(encoder, awarenessProtocol.encodeAwarenessUpdate(presence, clients))
    upstream.send(encoding.toUint8Array(encoder))
  }

  const end = (code = 1000, reason = '') => {
    if (stage === 'ended') return
    stage = 'ended'
    clearTimeout(lingering)
    early = []
    presence.destroy()
    presenceDoc.destroy()
    try {
      window?.close(passableCode(code), reason)
    } catch {
      // The window's socket closed already.
    }
    window = undefined
    if (upstream.readyState === WebSocket.OPEN || upstream.readyState === WebSocket.CONNECTING)
      upstream.close(1000)
    events.ended()
  }

  server.listen((data) => {
    const message = new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
    const status = statusOf(message)
    if (status?.type === 'saved') {
      typed = false
      if (status.commit) events.committed()
    }
    if (stage === 'lingering') {
      if (status && SETTLED.has(status.type)) end()
    } else if (stage === 'opening') early.push(message)
    else if (stage === 'open') window?.send(message as Uint8Array<ArrayBuffer>)
  })
  upstream.on('close', (code: number, reason: Buffer) => end(code, reason.toString()))

  return {
    upstream,
    join(opened) {
      if (stage !== 'opening') {
        opened.close(1001, 'the server closed the session')
        return
      }
      stage = 'open'
      window = opened
      for (const message of early) opened.send(message as Uint8Array<ArrayBuffer>)
      early = []
    },
    fromWindow(message) {
      if (stage !== 'open' || upstream.readyState !== WebSocket.OPEN) return
      try {
        const decoder = decoding.createDecoder(message)
        const kind = decoding.readVarUint(decoder)
        if (kind === MESSAGE_SYNC && decoding.readVarUint(decoder) === syncProtocol.messageYjsUpdate)
          typed = true
        else if (kind === MESSAGE_AWARENESS)
          awarenessProtocol.applyAwarenessUpdate(presence, decoding.readVarUint8Array(decoder), 'window')
      } catch {
        // The server judges a malformed message; it is passed on as it came.
      }
      upstream.send(message)
    },
    windowLeft(lingerMs) {
      if (stage === 'ended') return
      window = undefined
      if (stage !== 'open' || !typed || upstream.readyState !== WebSocket.OPEN) return end()
      stage = 'lingering'
      withdrawPresence()
      lingering = setTimeout(() => end(), lingerMs)
    },
    end,
  }
}
