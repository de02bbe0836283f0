import * as decoding from 'lib0/decoding'
import * as encoding from 'lib0/encoding'
import * as awarenessProtocol from 'y-protocols/awareness'
import * as syncProtocol from 'y-protocols/sync'
import * as Y from 'yjs'
import {
  encodeStatus,
  LIVE_TEXT,
  type LiveError,
  MESSAGE_AWARENESS,
  MESSAGE_STATUS,
  MESSAGE_SYNC,
  readStatus,
  type ServerStatus,
} from '#shared/domain/collab-wire.ts'
import { backoffMs, type LiveTicket, liveUrl, ticketUrl } from './live-address.ts'
import type { LiveConnection, LiveDocument, LiveEvent, LiveSocket, LiveUser } from './live-types.ts'
import { type NetworkEvents, watchNetwork, watchSilence } from './live-watch.ts'

export { backoffMs, type LiveTicket, liveUrl, ticketUrl } from './live-address.ts'
export type { LiveConnection, LiveDocument, LiveEvent, LiveSocket, LiveUser } from './live-types.ts'

export type LiveProviderOptions = {
  /** Opens a socket to `url` (the browser's WebSocket unless told otherwise). */
  open?: (url: string) => LiveSocket
  /** The origin the session is joined on (the page's own by default). */
  location?: Pick<Location, 'protocol' | 'host'>
  /**
   * Asks for a ticket, on a page not served over HTTP (the desktop's window, whose own scheme cannot
   * open a WebSocket): asked again for every connection; without it, or when it fails, no session.
   */
  ticket?: () => Promise<LiveTicket>
  /** A copy of an earlier document kept by this tab, merged in once the server names the same one. */
  restore?: { doc: number; state: Uint8Array }
  /** Where the browser says it went offline or online (the window by default). */
  network?: NetworkEvents
}

export type LiveProvider = {
  readonly document: LiveDocument
  readonly connection: LiveConnection
  /** The server's id of the document (from its `hello`). */
  readonly docId: number | undefined
  /** Whether the current document received the server's text. */
  readonly isSynced: boolean
  /** Whether the server lets this person change the text. */
  readonly isWritable: boolean
  /** Whether everything typed was handed to the network (nothing waits in this tab). */
  readonly isSent: boolean
  subscribe(listener: (event: LiveEvent) => void): () => void
  /** Asks the server to commit now, with a message; false when not connected. */
  save(message?: string): boolean
  /** Leaves the session: the others see this person go. */
  destroy(): void
}

/** Close codes after which joining again would only be refused again. */
const FINAL_CLOSES = new Set([4403, 4404, 4413])

const OPEN = 1

/** How long a first connection may wait for the server's `hello` before editing falls back to Save. */
const HELLO_TIMEOUT_MS = 15_000

function makeDocument(user: LiveUser, generation: number): LiveDocument {
  const doc = new Y.Doc()
  const awareness = new awarenessProtocol.Awareness(doc)
  awareness.setLocalStateField('user', user)
  return { doc, text: doc.getText(LIVE_TEXT), awareness, generation }
}

function frame(kind: number, write: (encoder: encoding.Encoder) => void): Uint8Array {
  const encoder = encoding.createEncoder()
  encoding.writeVarUint(encoder, kind)
  write(encoder)
  return encoding.toUint8Array(encoder)
}

/**
 * A person's side of a page's live session, on y-websocket's protocol: a Yjs document synced over
 * the browser's WebSocket, with who is in the page (awareness) and the server's news (kind 100).
 * After a drop it joins again with backoff, keeping its document, unless the server's `hello` names
 * another document than before (the server made it anew): then it starts from a fresh one.
 */
export function liveProvider(
  page: { org: string; space: string; path: string },
  user: LiveUser,
  options: LiveProviderOptions = {},
): LiveProvider {
  const url = liveUrl(options.location ?? window.location, page)
  // Only a page not served over HTTP asks: a ticket would be of no use to a browser's tab.
  const askTicket = url === undefined ? options.ticket : undefined
  const open = options.open ?? ((address: string) => new WebSocket(address))
  const listeners = new Set<(event: LiveEvent) => void>()
  const emit = (event: LiveEvent) => {
    for (const listener of [...listeners]) listener(event)
  }
  // The origin of what the server sent: such changes are not sent back.
  const fromServer = Symbol('server')
  let document = makeDocument(user, 1)
  let connection: LiveConnection = 'connecting'
  let docId: number | undefined
  let hasHadHello = false
  let isSynced = false
  let isWritable = true
  let socket: LiveSocket | undefined
  /** Sync steps 1 sent for the current document and not answered yet. */
  let unanswered = 0
  let attempt = 0
  let retry: ReturnType<typeof setTimeout> | undefined
  let helloTimer: ReturnType<typeof setTimeout> | undefined
  /** Whether the current socket still hears the server (see live-watch.ts). */
  let silence: ReturnType<typeof watchSilence> | undefined
  let lastClosing: LiveError | undefined
  let isDestroyed = false
  let restore = options.restore

  const send = (message: Uint8Array) => {
    if (socket?.readyState === OPEN) socket.send(message as Uint8Array<ArrayBuffer>)
  }
  const setConnection = (next: LiveConnection, reason?: LiveError) => {
    connection = next
    emit({ kind: 'connection', connection: next, reason })
  }

  const onDocUpdate = (update: Uint8Array, origin: unknown) => {
    if (origin === fromServer) return
    send(frame(MESSAGE_SYNC, (encoder) => syncProtocol.writeUpdate(encoder, update)))
  }
  const onAwarenessUpdate = (
    { added, updated, removed }: { added: number[]; updated: number[]; removed: number[] },
    origin: unknown,
  ) => {
    if (origin === fromServer) return
    const changed = [...added, ...updated, ...removed]
    send(
      frame(MESSAGE_AWARENESS, (encoder) =>
        encoding.writeVarUint8Array(
          encoder,
          awarenessProtocol.encodeAwarenessUpdate(document.awareness, changed),
        ),
      ),
    )
  }
  const bind = (made: LiveDocument) => {
    made.doc.on('update', onDocUpdate)
    made.awareness.on('update', onAwarenessUpdate)
  }
  const unbind = (made: LiveDocument) => {
    made.doc.off('update', onDocUpdate)
    made.awareness.off('update', onAwarenessUpdate)
    made.awareness.destroy()
    made.doc.destroy()
  }
  bind(document)

  const sendStepOne = () => {
    unanswered++
    send(frame(MESSAGE_SYNC, (encoder) => syncProtocol.writeSyncStep1(encoder, document.doc)))
  }
  const sendPresence = () =>
    send(
      frame(MESSAGE_AWARENESS, (encoder) =>
        encoding.writeVarUint8Array(
          encoder,
          awarenessProtocol.encodeAwarenessUpdate(document.awareness, [document.doc.clientID]),
        ),
      ),
    )

  /** The server's document is not the one held here: start again from a fresh one. */
  function replaceDocument() {
    const previous = document
    const local = previous.awareness.getLocalState()
    document = makeDocument(user, previous.generation + 1)
    if (local?.user) document.awareness.setLocalStateField('user', local.user)
    unbind(previous)
    bind(document)
    isSynced = false
    unanswered = 0
    emit({ kind: 'document', document })
    sendStepOne()
    sendPresence()
  }

  function onHello(status: Extract<ServerStatus, { type: 'hello' }>) {
    clearTimeout(helloTimer)
    if (docId !== undefined && status.doc !== docId) replaceDocument()
    docId = status.doc
    hasHadHello = true
    attempt = 0
    lastClosing = undefined
    isWritable = status.writable
    if (restore) {
      // What this tab kept merges in only into the same document; another's text would be duplicated.
      const kept = restore
      restore = undefined
      if (kept.doc === status.doc) {
        Y.applyUpdate(document.doc, kept.state, 'restore')
        emit({ kind: 'restored' })
      }
    }
    setConnection('live')
  }

  function onStatus(status: ServerStatus) {
    if (status.type === 'hello') onHello(status)
    else if (status.type === 'closing' || status.type === 'gone') lastClosing = status
    emit({ kind: 'status', status })
  }

  function receive(data: Uint8Array) {
    const decoder = decoding.createDecoder(data)
    const kind = decoding.readVarUint(decoder)
    if (kind === MESSAGE_SYNC) {
      const encoder = encoding.createEncoder()
      encoding.writeVarUint(encoder, MESSAGE_SYNC)
      const type = syncProtocol.readSyncMessage(decoder, encoder, document.doc, fromServer)
      if (encoding.length(encoder) > 1) send(encoding.toUint8Array(encoder))
      if (type === syncProtocol.messageYjsSyncStep2 && unanswered > 0 && --unanswered === 0 && !isSynced) {
        isSynced = true
        emit({ kind: 'synced' })
      }
    } else if (kind === MESSAGE_AWARENESS) {
      awarenessProtocol.applyAwarenessUpdate(
        document.awareness,
        decoding.readVarUint8Array(decoder),
        fromServer,
      )
    } else if (kind === MESSAGE_STATUS) {
      const status = readStatus(decoder) as ServerStatus | undefined
      if (status && typeof status.type === 'string') onStatus(status)
    }
  }

  function connect() {
    retry = undefined
    if (isDestroyed) return
    if (url) openSocket(url)
    else if (askTicket) void joinWithTicket(askTicket)
    else setConnection('unavailable')
  }

  /** A new ticket for every connection: each opens one socket only. */
  async function joinWithTicket(ask: () => Promise<LiveTicket>) {
    let ticket: LiveTicket
    try {
      ticket = await ask()
    } catch {
      // As a socket that could not open: no session at first, else another attempt later.
      if (!isDestroyed) closed(undefined, 1006)
      return
    }
    if (!isDestroyed) openSocket(ticketUrl(ticket, page))
  }

  function openSocket(address: string) {
    let made: LiveSocket
    try {
      made = open(address)
    } catch {
      closed(undefined, 1006)
      return
    }
    made.binaryType = 'arraybuffer'
    socket = made
    unanswered = 0
    made.onopen = () => {
      sendStepOne()
      sendPresence()
    }
    made.onmessage = (event) => {
      if (socket !== made || !(event.data instanceof ArrayBuffer)) return
      silence?.heard()
      receive(new Uint8Array(event.data))
    }
    made.onclose = (event) => closed(made, event.code)
    made.onerror = () => {
      // A close event follows, which decides what to do.
    }
    if (!hasHadHello)
      // A proxy may hold the connection open without ever passing anything through.
      helloTimer = setTimeout(() => {
        if (socket !== made || hasHadHello) return
        abandon(made)
      }, HELLO_TIMEOUT_MS)
    // Counted from the attempt on: a connection that hangs while opening is as dead as a silent one.
    silence = watchSilence(() => abandon(made))
  }

  /**
   * Gives up on a socket that will not say it closed (a network gone takes minutes to end it): as
   * after a drop, and its own close, whenever it comes, is no news.
   */
  function abandon(which: LiveSocket) {
    if (socket !== which) return
    closed(which, 1006)
    which.close()
  }

  const stopNetwork = watchNetwork(options.network ?? (typeof window === 'undefined' ? undefined : window), {
    // Said at once, not minutes later when the socket notices: what is typed meanwhile reaches
    // nobody until the connection is back. Before the first `hello`, the first attempt's own
    // timeout decides, as it does without a network.
    offline: () => {
      if (hasHadHello && socket) abandon(socket)
    },
    // Back: a new attempt now, not after the backoff grown while the network was away.
    online: () => {
      if (connection !== 'reconnecting' || isDestroyed) return
      clearTimeout(retry)
      const pending = socket
      socket = undefined
      silence?.stop()
      pending?.close()
      attempt = 0
      connect()
    },
  })

  function closed(which: LiveSocket | undefined, code: number) {
    if (which !== socket) return
    socket = undefined
    silence?.stop()
    silence = undefined
    // The others are known again from the server once back. Their clocks are forgotten too: the
    // server passes on their presence as it holds it, with the clock seen here already, which the
    // awareness would ignore until each renews it, up to 15 s later.
    const others = [...document.awareness.getStates().keys()].filter((id) => id !== document.doc.clientID)
    awarenessProtocol.removeAwarenessStates(document.awareness, others, fromServer)
    for (const id of others) document.awareness.meta.delete(id)
    if (isDestroyed) return
    if (!hasHadHello) {
      setConnection('unavailable', lastClosing)
      return
    }
    if (FINAL_CLOSES.has(code)) {
      setConnection('stopped', lastClosing)
      return
    }
    setConnection('reconnecting', lastClosing)
    retry = setTimeout(connect, backoffMs(attempt++))
  }

  connect()

  return {
    get document() {
      return document
    },
    get connection() {
      return connection
    },
    get docId() {
      return docId
    },
    get isSynced() {
      return isSynced
    },
    get isWritable() {
      return isWritable
    },
    get isSent() {
      return connection === 'live' && socket?.readyState === OPEN && socket.bufferedAmount === 0
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    save(message) {
      if (connection !== 'live') return false
      send(encodeStatus({ type: 'save', ...(message ? { message } : {}) }))
      return true
    },
    destroy() {
      if (isDestroyed) return
      clearTimeout(retry)
      clearTimeout(helloTimer)
      silence?.stop()
      stopNetwork()
      // Said before closing, so the others see this person leave at once.
      awarenessProtocol.removeAwarenessStates(document.awareness, [document.doc.clientID], 'left')
      isDestroyed = true
      const last = socket
      socket = undefined
      last?.close(1000, 'left')
      listeners.clear()
      unbind(document)
    },
  }
}
