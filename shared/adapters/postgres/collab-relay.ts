import { randomBytes } from 'node:crypto'
import pg from 'pg'
import type { CollabRelay, RelayMessage } from '../../ports/collab-relay.ts'

/** The channel instances sharing a database tell each other about live editing on. */
export const RELAY_CHANNEL = 'quire_collab'

/** PostgreSQL refuses a notification's payload of 8000 bytes or more (its default build). */
const MAX_PAYLOAD_BYTES = 7999

/** Notifications sent in one statement at most. */
const BATCH = 100

/** Waits before listening again after the connection broke, longer each time it fails. */
const RECONNECT_MS = [100, 250, 500, 1_000, 2_000, 5_000]

/** Documents and spaces remembered, to catch up with after the listening connection came back. */
const REMEMBERED = 1_000

type Envelope = RelayMessage & { from: string }

/** Options of the relay: the pool to notify through (else one of its own), and the channel. */
export type PostgresRelayOptions = { pool?: pg.Pool; channel?: string }

/**
 * Live editing's relay between instances sharing one PostgreSQL database: LISTEN on a connection
 * of its own, NOTIFY through a pool. Each message carries this instance's random id, so that an
 * instance ignores its own. Resolves once listening, so that nothing published after the instance
 * started is missed.
 *
 * Best effort, as the port says: the database's log stays the record, and a flush reads it under
 * the space's lock. When the listening connection breaks (the database restarting), it listens
 * again, and then tells its listeners that every document and space it heard of or told about may
 * have moved (`update` and `moved`), so that the people on this instance catch up with what was
 * missed meanwhile rather than at the next keystroke. A presence update too large for a
 * notification is dropped: the next one (a cursor moving) replaces it.
 */
export async function postgresCollabRelay(
  url: string,
  { pool: given, channel = RELAY_CHANNEL }: PostgresRelayOptions = {},
): Promise<CollabRelay> {
  const id = randomBytes(9).toString('base64url')
  const pool = given ?? ownPool(url)
  const listeners = new Set<(message: RelayMessage) => void>()
  const seen = recentlySeen()
  const deliver = (message: RelayMessage) => {
    seen.note(message)
    for (const listener of listeners) {
      try {
        listener(message)
      } catch {
        // One listener failing does not keep the message from the others.
      }
    }
  }
  const sender = notifier(pool, channel)
  const listening = await listen(url, channel, {
    receive: (payload) => {
      const message = parseEnvelope(payload)
      if (message && message.from !== id) deliver(messageOf(message))
    },
    reconnected: () => {
      for (const message of seen.catchUp()) deliver(message)
    },
  }).catch(async (error: unknown) => {
    if (!given) await pool.end()
    throw error
  })
  let closing: Promise<void> | undefined
  return {
    publish(message) {
      if (closing !== undefined) return
      seen.note(message)
      const payload = JSON.stringify({ ...message, from: id } satisfies Envelope)
      if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) return
      sender.send(payload)
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    close() {
      closing ??= (async () => {
        listeners.clear()
        await sender.drained()
        await listening.close()
        if (!given) await pool.end()
      })()
      return closing
    },
  }
}

function ownPool(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 2 })
  // An idle connection breaking (the database restarting) is replaced; it must not end the process.
  pool.on('error', () => {})
  return pool
}

/**
 * Sends notifications in the order published: one statement at a time, each carrying what was
 * published while the previous one ran. A statement that fails (the database unreachable) loses
 * its notifications: the log keeps what they announced.
 */
function notifier(pool: pg.Pool, channel: string) {
  const outbox: string[] = []
  let sending: Promise<void> | undefined
  const drain = async () => {
    while (outbox.length > 0) {
      const batch = outbox.splice(0, BATCH)
      try {
        // PostgreSQL delivers a transaction's notifications in the order they were made.
        await pool.query('SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS payload', [channel, batch])
      } catch {
        // Unreachable now: those are lost, the next ones try again.
      }
    }
    sending = undefined
  }
  return {
    send(payload: string) {
      outbox.push(payload)
      sending ??= drain()
    },
    drained: async () => {
      await sending
    },
  }
}

/** Listens on `channel` over a connection of its own, listening again whenever it breaks. */
async function listen(
  url: string,
  channel: string,
  handlers: { receive(payload: string): void; reconnected(): void },
): Promise<{ close(): Promise<void> }> {
  let current: pg.Client | undefined
  let closed = false
  let failures = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  const lost = (client: pg.Client) => {
    if (client !== current) return
    current = undefined
    void client.end().catch(() => {})
    if (closed) return
    const wait = RECONNECT_MS[Math.min(failures, RECONNECT_MS.length - 1)]
    failures += 1
    timer = setTimeout(() => {
      timer = undefined
      void connect().then(
        () => handlers.reconnected(),
        () => {},
      )
    }, wait)
    timer.unref?.()
  }
  const connect = async () => {
    const client = new pg.Client({ connectionString: url })
    current = client
    client.on('error', () => lost(client))
    client.on('end', () => lost(client))
    client.on('notification', (notice) => {
      if (notice.channel === channel && notice.payload) handlers.receive(notice.payload)
    })
    try {
      await client.connect()
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`)
    } catch (error) {
      lost(client)
      throw error
    }
    if (closed || client !== current) {
      await client.end().catch(() => {})
      throw new Error('the relay closed while connecting')
    }
    failures = 0
  }
  try {
    await connect()
  } catch (error) {
    // Not even once: the caller is told, and nothing is left retrying.
    closed = true
    clearTimeout(timer)
    throw error
  }
  return {
    close: async () => {
      closed = true
      clearTimeout(timer)
      const client = current
      current = undefined
      await client?.end().catch(() => {})
    },
  }
}

/** The documents and spaces the relay heard of or told about lately, newest kept, to catch up with. */
function recentlySeen() {
  const docs = new Map<number, true>()
  const spaces = new Map<number, true>()
  const touch = (map: Map<number, true>, key: number) => {
    map.delete(key)
    map.set(key, true)
    if (map.size > REMEMBERED) map.delete(map.keys().next().value as number)
  }
  return {
    note(message: RelayMessage) {
      if (message.kind === 'moved') {
        if (Number.isSafeInteger(message.spaceId)) touch(spaces, message.spaceId)
      } else if (message.kind === 'gone') docs.delete(message.docId)
      else if (Number.isSafeInteger(message.docId)) touch(docs, message.docId)
    },
    catchUp(): RelayMessage[] {
      return [
        ...[...spaces.keys()].map((spaceId): RelayMessage => ({ kind: 'moved', spaceId })),
        ...[...docs.keys()].map((docId): RelayMessage => ({ kind: 'update', docId })),
      ]
    },
  }
}

/**
 * A notification's message when it is one of ours: an object with a kind and a sender. The channel
 * is ours, so the rest is passed on as sent (new kinds of message need nothing here); listeners
 * ignore what does not name a document or space they hold.
 */
function parseEnvelope(payload: string): Envelope | undefined {
  let parsed: unknown
  try {
    parsed = JSON.parse(payload)
  } catch {
    return undefined
  }
  if (!parsed || typeof parsed !== 'object') return undefined
  const { from, kind } = parsed as Record<string, unknown>
  return typeof from === 'string' && typeof kind === 'string' ? (parsed as Envelope) : undefined
}

/** The message alone, as the port speaks it. */
function messageOf({ from: _from, ...message }: Envelope): RelayMessage {
  return message as RelayMessage
}
