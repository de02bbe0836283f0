import * as decoding from 'lib0/decoding'
import * as encoding from 'lib0/encoding'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as awarenessProtocol from 'y-protocols/awareness'
import * as syncProtocol from 'y-protocols/sync'
import * as Y from 'yjs'
import {
  encodeStatus,
  LIVE_TEXT,
  MESSAGE_AWARENESS,
  MESSAGE_STATUS,
  MESSAGE_SYNC,
  type ServerStatus,
} from '#shared/domain/collab-wire.ts'
import {
  backoffMs,
  type LiveEvent,
  type LiveProvider,
  type LiveSocket,
  type LiveTicket,
  liveProvider,
  liveUrl,
} from './live-provider.ts'
import { SILENCE_MS } from './live-watch.ts'

const PAGE = { org: 'acme', space: 'docs', path: 'guides/set up.md' }
const HTTP = { protocol: 'http:', host: 'wiki.example:8080' }
/** The desktop's window, served through the app's own scheme. */
const WINDOW = { protocol: 'quire:', host: 'app' }
const USER = { name: 'Ada', color: '#1f6feb' }

/** A socket driven by the test, as the server's end of the line would drive it. */
class FakeSocket implements LiveSocket {
  binaryType: BinaryType = 'blob'
  readyState: LiveSocket['readyState'] = 0
  bufferedAmount = 0
  onopen: LiveSocket['onopen'] = null
  onmessage: LiveSocket['onmessage'] = null
  onclose: LiveSocket['onclose'] = null
  onerror: LiveSocket['onerror'] = null
  readonly sent: Uint8Array[] = []

  send(data: string | ArrayBufferLike | Blob | ArrayBufferView) {
    this.sent.push(new Uint8Array(data as Uint8Array))
  }

  close() {
    this.drop(1000)
  }

  open() {
    this.readyState = 1
    this.onopen?.(new Event('open'))
  }

  deliver(message: Uint8Array) {
    this.onmessage?.({ data: message.slice().buffer } as MessageEvent)
  }

  drop(code: number) {
    if (this.readyState === 3) return
    this.readyState = 3
    this.onclose?.({ code } as CloseEvent)
  }
}

/** The server's side of one page: its document, and how it answers a socket. */
function fakeServer(text: string) {
  const doc = new Y.Doc()
  doc.getText(LIVE_TEXT).insert(0, text)
  return {
    doc,
    /** Says hello as document `id`, then asks the socket for what it has (sync step 1). */
    greet(socket: FakeSocket, id: number) {
      socket.deliver(encodeStatus({ type: 'hello', doc: id, writable: true }))
      socket.deliver(frame((encoder) => syncProtocol.writeSyncStep1(encoder, doc)))
    },
    /** Handles what the socket sent since `from`: answers a step 1, applies steps 2 and updates. */
    answer(socket: FakeSocket, from = 0) {
      for (const message of socket.sent.slice(from)) {
        const decoder = decoding.createDecoder(message)
        if (decoding.readVarUint(decoder) !== MESSAGE_SYNC) continue
        const reply = encoding.createEncoder()
        encoding.writeVarUint(reply, MESSAGE_SYNC)
        syncProtocol.readSyncMessage(decoder, reply, doc, 'client')
        if (encoding.length(reply) > 1) socket.deliver(encoding.toUint8Array(reply))
      }
      return socket.sent.length
    },
  }
}

function frame(write: (encoder: encoding.Encoder) => void): Uint8Array {
  const encoder = encoding.createEncoder()
  encoding.writeVarUint(encoder, MESSAGE_SYNC)
  write(encoder)
  return encoding.toUint8Array(encoder)
}

/** Someone's presence as the server passes it on (y-protocols' awareness, kind 1). */
function awarenessFrame(awareness: awarenessProtocol.Awareness): Uint8Array {
  const encoder = encoding.createEncoder()
  encoding.writeVarUint(encoder, MESSAGE_AWARENESS)
  encoding.writeVarUint8Array(
    encoder,
    awarenessProtocol.encodeAwarenessUpdate(awareness, [awareness.clientID]),
  )
  return encoding.toUint8Array(encoder)
}

function statusesSent(socket: FakeSocket): unknown[] {
  return socket.sent
    .map((message) => decoding.createDecoder(message))
    .filter((decoder) => decoding.readVarUint(decoder) === MESSAGE_STATUS)
    .map((decoder) => JSON.parse(decoding.readVarString(decoder)))
}

let sockets: FakeSocket[]
/** The addresses the provider opened sockets to, in order. */
let addresses: string[]
let provider: LiveProvider | undefined
let events: LiveEvent[]

function join(
  options: {
    restore?: { doc: number; state: Uint8Array }
    location?: { protocol: string; host: string }
    ticket?: () => Promise<LiveTicket>
    network?: EventTarget
  } = {},
) {
  provider = liveProvider(PAGE, USER, {
    location: HTTP,
    open: (address) => {
      addresses.push(address)
      const socket = new FakeSocket()
      sockets.push(socket)
      return socket
    },
    ...options,
  })
  provider.subscribe((event) => events.push(event))
  return provider
}

const latest = () => sockets.at(-1) as FakeSocket

/** The latest connection opens, and the server greets it (document 7) and answers its sync. */
function openSynced(server: ReturnType<typeof fakeServer>) {
  latest().open()
  server.greet(latest(), 7)
  server.answer(latest())
}
const connections = () => events.flatMap((e) => (e.kind === 'connection' ? [e.connection] : []))

beforeEach(() => {
  vi.useFakeTimers()
  sockets = []
  addresses = []
  events = []
})

afterEach(() => {
  provider?.destroy()
  provider = undefined
  vi.useRealTimers()
})

describe('the address of a live session', () => {
  it('is on the page’s own origin, ws: or wss:, each path segment encoded', () => {
    expect(liveUrl(HTTP, PAGE)).toBe('ws://wiki.example:8080/api/v1/collab/acme/docs/guides/set%20up.md')
    expect(liveUrl({ protocol: 'https:', host: 'wiki.example' }, PAGE)).toMatch(/^wss:\/\/wiki\.example\//)
  })

  it('is none on a page not served over HTTP (the desktop’s own window)', () => {
    expect(liveUrl({ protocol: 'quire:', host: 'app' }, PAGE)).toBeUndefined()
  })

  it('is asked again ever more slowly, up to a bound', () => {
    expect([0, 1, 2, 3].map(backoffMs)).toEqual([200, 400, 800, 1600])
    expect(backoffMs(20)).toBe(5_000)
  })
})

describe('a live provider', () => {
  it('joins with its sync step and presence, and shows the server’s text once synced', () => {
    const server = fakeServer('# Setup\n')
    const live = join()
    latest().open()
    expect(latest().sent).toHaveLength(2)
    server.greet(latest(), 7)
    server.answer(latest())
    expect(live.connection).toBe('live')
    expect(live.isSynced).toBe(true)
    expect(live.document.text.toString()).toBe('# Setup\n')

    live.document.text.insert(8, 'Typed.\n')
    server.answer(latest(), 2)
    expect(server.doc.getText(LIVE_TEXT).toString()).toBe('# Setup\nTyped.\n')
  })

  it('falls back when the socket closes before the server said hello, and never tries again', () => {
    const live = join()
    latest().open()
    latest().drop(1006)
    expect(live.connection).toBe('unavailable')
    vi.advanceTimersByTime(60_000)
    expect(sockets).toHaveLength(1)
  })

  it('after a drop joins again keeping its document: what was typed meanwhile reaches the server', () => {
    const server = fakeServer('one\n')
    const live = join()
    openSynced(server)
    const first = live.document

    latest().drop(1012)
    expect(live.connection).toBe('reconnecting')
    live.document.text.insert(4, 'typed offline\n')
    vi.advanceTimersByTime(backoffMs(0))
    expect(sockets).toHaveLength(2)
    openSynced(server)
    expect(live.connection).toBe('live')
    expect(live.document).toBe(first)
    expect(server.doc.getText(LIVE_TEXT).toString()).toBe('one\ntyped offline\n')
  })

  it('starts from a fresh document when the server names another one than before', () => {
    const old = fakeServer('old text\n')
    const live = join()
    latest().open()
    old.greet(latest(), 7)
    old.answer(latest())
    latest().drop(1006)
    vi.advanceTimersByTime(backoffMs(0))

    const remade = fakeServer('old text\n')
    latest().open()
    remade.greet(latest(), 8)
    remade.answer(latest())
    expect(live.document.generation).toBe(2)
    expect(events.some((e) => e.kind === 'document')).toBe(true)
    // Merging the old document into the new one would have doubled the text.
    expect(live.document.text.toString()).toBe('old text\n')
    expect(live.isSynced).toBe(true)
  })

  it('stops for good when the page is gone', () => {
    const server = fakeServer('text\n')
    const live = join()
    latest().open()
    server.greet(latest(), 7)
    const gone: ServerStatus = {
      type: 'gone',
      note: null,
      error: 'not_found',
      message: 'This page was moved or deleted.',
    }
    latest().deliver(encodeStatus(gone))
    latest().drop(4404)
    vi.advanceTimersByTime(60_000)
    expect(live.connection).toBe('stopped')
    expect(sockets).toHaveLength(1)
    expect(events).toContainEqual({ kind: 'connection', connection: 'stopped', reason: gone })
  })

  it('merges in the tab’s own copy only into the document it was taken from', () => {
    const server = fakeServer('base\n')
    const kept = new Y.Doc()
    Y.applyUpdate(kept, Y.encodeStateAsUpdate(server.doc))
    kept.getText(LIVE_TEXT).insert(5, 'kept in the tab\n')
    const state = Y.encodeStateAsUpdate(kept)

    const other = join({ restore: { doc: 9, state } })
    openSynced(server)
    expect(other.document.text.toString()).toBe('base\n')
    other.destroy()

    const same = join({ restore: { doc: 7, state } })
    openSynced(server)
    expect(same.document.text.toString()).toBe('base\nkept in the tab\n')
    expect(events.some((e) => e.kind === 'restored')).toBe(true)
  })

  it('asks for a commit with a message only while connected', () => {
    const server = fakeServer('text\n')
    const live = join()
    expect(live.save('Too early')).toBe(false)
    latest().open()
    server.greet(latest(), 7)
    expect(live.save('Ready')).toBe(true)
    expect(statusesSent(latest())).toEqual([{ type: 'save', message: 'Ready' }])
    expect(connections()).toEqual(['live'])
  })
})

describe('a live provider on a connection that dies without a word', () => {
  /** Joins and syncs, as the server would have it. */
  function joined(server: ReturnType<typeof fakeServer>, network?: EventTarget) {
    const live = join({ network })
    openSynced(server)
    return live
  }

  it('takes a connection that hears nothing for 30 s for lost, and joins again', () => {
    const server = fakeServer('one\n')
    const live = joined(server)
    // Anything heard from the server shows the connection alive.
    vi.advanceTimersByTime(SILENCE_MS - 5_000)
    latest().deliver(frame((encoder) => syncProtocol.writeSyncStep1(encoder, server.doc)))
    vi.advanceTimersByTime(SILENCE_MS - 5_000)
    expect(live.connection).toBe('live')
    expect(sockets).toHaveLength(1)

    vi.advanceTimersByTime(10_000)
    expect(live.connection).toBe('reconnecting')
    expect(sockets[0]?.readyState).toBe(3)
    live.document.text.insert(4, 'typed while cut off\n')
    vi.advanceTimersByTime(backoffMs(0))
    expect(sockets).toHaveLength(2)
    openSynced(server)
    expect(live.connection).toBe('live')
    expect(server.doc.getText(LIVE_TEXT).toString()).toBe('one\ntyped while cut off\n')
  })

  it('knows the others again as soon as the server names them once back', () => {
    const server = fakeServer('one\n')
    const live = joined(server)
    const grace = new awarenessProtocol.Awareness(new Y.Doc())
    grace.setLocalStateField('user', { name: 'Grace', color: '#8250df' })
    const presence = awarenessFrame(grace)
    latest().deliver(presence)
    expect(live.document.awareness.getStates().has(grace.clientID)).toBe(true)

    latest().drop(1006)
    expect(live.document.awareness.getStates().has(grace.clientID)).toBe(false)
    vi.advanceTimersByTime(backoffMs(0))
    latest().open()
    server.greet(latest(), 7)
    // The server passes on her presence as it holds it: unchanged while she was away.
    latest().deliver(presence)
    expect(live.document.awareness.getStates().has(grace.clientID)).toBe(true)
    grace.destroy()
  })

  it('takes a new attempt that hangs while opening for lost too', () => {
    const live = joined(fakeServer('one\n'))
    latest().drop(1006)
    vi.advanceTimersByTime(backoffMs(0))
    expect(sockets).toHaveLength(2)
    vi.advanceTimersByTime(SILENCE_MS + 5_000)
    expect(sockets[1]?.readyState).toBe(3)
    expect(sockets.length).toBeGreaterThan(2)
    expect(live.connection).toBe('reconnecting')
  })

  it('says it is reconnecting as soon as the browser is offline, and tries again at once when back', () => {
    const server = fakeServer('one\n')
    const network = new EventTarget()
    const live = joined(server, network)
    network.dispatchEvent(new Event('offline'))
    expect(live.connection).toBe('reconnecting')
    expect(connections()).toEqual(['live', 'reconnecting'])
    live.document.text.insert(4, 'typed offline\n')

    // Attempts while offline fail, each waiting longer.
    for (let i = 0; i < 5; i++) {
      vi.advanceTimersByTime(backoffMs(i))
      latest().drop(1006)
    }
    const tried = sockets.length
    network.dispatchEvent(new Event('online'))
    expect(sockets).toHaveLength(tried + 1)
    openSynced(server)
    expect(live.connection).toBe('live')
    expect(server.doc.getText(LIVE_TEXT).toString()).toBe('one\ntyped offline\n')
  })

  it('leaves a first attempt to its own timeout when the browser goes offline before the server answered', () => {
    const network = new EventTarget()
    const live = join({ network })
    latest().open()
    network.dispatchEvent(new Event('offline'))
    network.dispatchEvent(new Event('online'))
    expect(live.connection).toBe('connecting')
    expect(sockets).toHaveLength(1)
  })

  it('stops listening to the network once left', () => {
    const network = new EventTarget()
    const live = joined(fakeServer('one\n'), network)
    live.destroy()
    network.dispatchEvent(new Event('offline'))
    network.dispatchEvent(new Event('online'))
    vi.advanceTimersByTime(60_000)
    expect(sockets).toHaveLength(1)
    expect(connections()).toEqual(['live'])
  })
})

describe('a live provider in the desktop’s window, whose own scheme opens no WebSocket', () => {
  it('asks for a ticket and joins where it says, with a new ticket each time it joins again', async () => {
    const server = fakeServer('one\n')
    const answers: (() => Promise<LiveTicket>)[] = [
      async () => ({ url: 'ws://127.0.0.1:4321', ticket: 'first+ticket' }),
      async () => {
        throw new Error('the engine did not answer')
      },
      async () => ({ url: 'ws://127.0.0.1:4321', ticket: 'third' }),
    ]
    const ticket = vi.fn(() => (answers.shift() as () => Promise<LiveTicket>)())
    const live = join({ location: WINDOW, ticket })
    await vi.advanceTimersByTimeAsync(0)
    expect(addresses).toEqual([
      'ws://127.0.0.1:4321/api/v1/collab/acme/docs/guides/set%20up.md?ticket=first%2Bticket',
    ])
    openSynced(server)
    expect(live.connection).toBe('live')

    latest().drop(1012)
    // A ticket that could not be had is one more attempt that failed: the next one asks again.
    await vi.advanceTimersByTimeAsync(backoffMs(0))
    expect(ticket).toHaveBeenCalledTimes(2)
    expect(live.connection).toBe('reconnecting')
    await vi.advanceTimersByTimeAsync(backoffMs(1))
    expect(ticket).toHaveBeenCalledTimes(3)
    expect(addresses.at(-1)).toMatch(/\?ticket=third$/)
    latest().open()
    server.greet(latest(), 7)
    expect(live.connection).toBe('live')
  })

  it('falls back to saving when no ticket can be had, and asks no more', async () => {
    const ticket = vi.fn(() => Promise.reject(new Error('the engine did not answer')))
    const live = join({ location: WINDOW, ticket })
    await vi.advanceTimersByTimeAsync(60_000)
    expect(live.connection).toBe('unavailable')
    expect(ticket).toHaveBeenCalledTimes(1)
    expect(sockets).toHaveLength(0)
  })

  it('joins a page served over HTTP on its own origin, without a ticket', () => {
    const ticket = vi.fn(() => Promise.reject(new Error('not asked')))
    join({ ticket })
    expect(ticket).not.toHaveBeenCalled()
    expect(addresses).toEqual(['ws://wiki.example:8080/api/v1/collab/acme/docs/guides/set%20up.md'])
  })
})
