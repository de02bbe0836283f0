import * as decoding from 'lib0/decoding'
import * as encoding from 'lib0/encoding'
import WebSocket from 'ws'
import * as awarenessProtocol from 'y-protocols/awareness'
import * as syncProtocol from 'y-protocols/sync'
import * as Y from 'yjs'
import {
  encodeStatus,
  LIVE_TEXT,
  MESSAGE_AWARENESS,
  MESSAGE_STATUS,
  MESSAGE_SYNC,
  readStatus,
  type ServerStatus,
} from '../domain/collab-wire.ts'

/** A person in a page's live session, as a program: a Yjs document synced over the WebSocket. */
export type LiveClient = {
  doc: Y.Doc
  text: Y.Text
  awareness: awarenessProtocol.Awareness
  /** What the server told, in order. */
  statuses: ServerStatus[]
  /** Whether the first sync finished. */
  synced: Promise<void>
  /** Resolves with the close code once the connection closes. */
  closed: Promise<number>
  /** Types at `index` (the end when omitted). */
  type(text: string, index?: number): void
  /** Asks the server to commit now, with a message. */
  save(message?: string): void
  /** Resolves once `check` holds (checked after every message), or rejects after `timeoutMs`. */
  until(check: () => boolean, timeoutMs?: number): Promise<void>
  /** Sends a presence update as it is, whoever it speaks for (what a hostile client could send). */
  sendPresence(update: Uint8Array): void
  /** Sends bytes as they are, as one message (a message cut short, or of no protocol). */
  sendRaw(message: Uint8Array): void
  /** Sends a document update as it is, in whatever order (what the client's own doc did not make). */
  sendUpdate(update: Uint8Array): void
  close(): void
  /** Ends the connection without a word, as one lost on the way does (no presence taken back). */
  drop(): void
}

/**
 * Joins `/api/v1/collab/{org}/{space}/{path}` at `baseUrl` with a bearer token (or a cookie and an
 * Origin, as a browser does), speaking y-websocket's protocol.
 */
export function liveClient(
  baseUrl: string,
  page: { org: string; space: string; path: string },
  credential: { token: string } | { cookie: string; origin: string },
  name = 'someone',
): LiveClient {
  const url = `${baseUrl.replace(/^http/, 'ws')}/api/v1/collab/${page.org}/${page.space}/${page.path
    .split('/')
    .map(encodeURIComponent)
    .join('/')}`
  const headers: Record<string, string> =
    'token' in credential
      ? { authorization: `Bearer ${credential.token}` }
      : { cookie: credential.cookie, origin: credential.origin }
  const socket = new WebSocket(url, { headers })
  socket.binaryType = 'nodebuffer'
  const doc = new Y.Doc()
  const text = doc.getText(LIVE_TEXT)
  const awareness = new awarenessProtocol.Awareness(doc)
  awareness.setLocalState({ user: { name, color: '#336699' } })
  const statuses: ServerStatus[] = []
  const waiters = new Set<() => void>()
  const wake = () => {
    for (const waiter of [...waiters]) waiter()
  }
  let markSynced: () => void = () => {}
  const synced = new Promise<void>((resolve) => {
    markSynced = resolve
  })
  const send = (message: Uint8Array) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(message)
  }
  doc.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin === socket) return
    const encoder = encoding.createEncoder()
    encoding.writeVarUint(encoder, MESSAGE_SYNC)
    syncProtocol.writeUpdate(encoder, update)
    send(encoding.toUint8Array(encoder))
  })
  awareness.on('update', ({ added, updated, removed }: Record<string, number[]>, origin: unknown) => {
    if (origin === socket) return
    const changed = [...(added ?? []), ...(updated ?? []), ...(removed ?? [])]
    const encoder = encoding.createEncoder()
    encoding.writeVarUint(encoder, MESSAGE_AWARENESS)
    encoding.writeVarUint8Array(encoder, awarenessProtocol.encodeAwarenessUpdate(awareness, changed))
    send(encoding.toUint8Array(encoder))
  })
  socket.on('open', () => {
    const encoder = encoding.createEncoder()
    encoding.writeVarUint(encoder, MESSAGE_SYNC)
    syncProtocol.writeSyncStep1(encoder, doc)
    send(encoding.toUint8Array(encoder))
    const presence = encoding.createEncoder()
    encoding.writeVarUint(presence, MESSAGE_AWARENESS)
    encoding.writeVarUint8Array(presence, awarenessProtocol.encodeAwarenessUpdate(awareness, [doc.clientID]))
    send(encoding.toUint8Array(presence))
  })
  socket.on('message', (data: Buffer) => {
    const decoder = decoding.createDecoder(new Uint8Array(data))
    const kind = decoding.readVarUint(decoder)
    if (kind === MESSAGE_SYNC) {
      const encoder = encoding.createEncoder()
      encoding.writeVarUint(encoder, MESSAGE_SYNC)
      const type = syncProtocol.readSyncMessage(decoder, encoder, doc, socket)
      if (encoding.length(encoder) > 1) send(encoding.toUint8Array(encoder))
      if (type === syncProtocol.messageYjsSyncStep2) markSynced()
    } else if (kind === MESSAGE_AWARENESS) {
      awarenessProtocol.applyAwarenessUpdate(awareness, decoding.readVarUint8Array(decoder), socket)
    } else if (kind === MESSAGE_STATUS) {
      statuses.push(readStatus(decoder) as ServerStatus)
    }
    wake()
  })
  const closed = new Promise<number>((resolve) => {
    socket.on('close', (code) => {
      resolve(code)
      wake()
    })
    socket.on('error', () => {})
    socket.on('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0)
      wake()
    })
  })
  return {
    doc,
    text,
    awareness,
    statuses,
    synced,
    closed,
    type: (typed, index) => text.insert(index ?? text.length, typed),
    save: (message) => send(encodeStatus({ type: 'save', message })),
    until: (check, timeoutMs = 5_000) =>
      new Promise<void>((resolve, reject) => {
        if (check()) return resolve()
        const timer = setTimeout(() => {
          waiters.delete(waiter)
          reject(new Error(`not reached within ${timeoutMs} ms; text: ${JSON.stringify(text.toString())}`))
        }, timeoutMs)
        const waiter = () => {
          if (!check()) return
          clearTimeout(timer)
          waiters.delete(waiter)
          resolve()
        }
        waiters.add(waiter)
      }),
    sendUpdate: (update) => {
      const encoder = encoding.createEncoder()
      encoding.writeVarUint(encoder, MESSAGE_SYNC)
      syncProtocol.writeUpdate(encoder, update)
      send(encoding.toUint8Array(encoder))
    },
    sendPresence: (update) => {
      const encoder = encoding.createEncoder()
      encoding.writeVarUint(encoder, MESSAGE_AWARENESS)
      encoding.writeVarUint8Array(encoder, update)
      send(encoding.toUint8Array(encoder))
    },
    sendRaw: (message) => send(message),
    drop: () => socket.terminate(),
    close: () => {
      awareness.destroy()
      socket.close()
    },
  }
}
