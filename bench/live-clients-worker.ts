import { parentPort } from 'node:worker_threads'
import { type LiveClient, liveClient } from '../shared/testing/live-client.ts'

/**
 * People in pages of a live editing bench, run in a worker thread: their documents live in this
 * thread's heap, so the server's heap (the main thread's) can be measured without them.
 */

/** What the bench asks of the worker. */
export type ToClients =
  | { kind: 'open'; url: string; org: string; space: string; people: { path: string; token: string }[] }
  | { kind: 'type'; every: number; keysPerSecond: number }
  | { kind: 'stop' }
  | { kind: 'close' }

/** What the worker answers: once the people are in (its own heap then), typing started or stopped. */
export type FromClients =
  | { kind: 'opened'; heapBefore: number; heapAfter: number }
  | { kind: 'typing'; typists: number }
  | { kind: 'stopped'; keystrokes: number }
  | { kind: 'closed' }

/** Letters a typist types, in turn. */
const LETTERS = 'the quick brown fox jumps over the lazy dog '
/** People joining at once: as many open WebSockets wait for their first sync together. */
const JOINING = 20

const clients: LiveClient[] = []
/** Each typist's next keystroke. */
const typing = new Map<LiveClient, ReturnType<typeof setTimeout>>()
let keystrokes = 0

const collect = (globalThis as { gc?: () => void }).gc

function heapNow(): number {
  collect?.()
  collect?.()
  return process.memoryUsage().heapUsed
}

async function open(message: Extract<ToClients, { kind: 'open' }>): Promise<void> {
  for (let i = 0; i < message.people.length; i += JOINING) {
    const batch = message.people
      .slice(i, i + JOINING)
      .map(({ path, token }, j) =>
        liveClient(
          message.url,
          { org: message.org, space: message.space, path },
          { token },
          `Person ${i + j}`,
        ),
      )
    clients.push(...batch)
    await Promise.all(batch.map((client) => client.synced))
  }
}

/** Types one letter every `1000 / keysPerSecond` ms on average, at the end of the page's first line. */
function typeAtHumanPace(client: LiveClient, keysPerSecond: number): void {
  let n = 0
  const next = () => {
    const at = Math.max(0, client.text.toString().indexOf('\n'))
    client.type(LETTERS[n++ % LETTERS.length] as string, at)
    keystrokes++
    typing.set(client, setTimeout(next, (1000 / keysPerSecond) * (0.5 + Math.random())))
  }
  typing.set(client, setTimeout(next, Math.random() * (1000 / keysPerSecond)))
}

parentPort?.on('message', async (message: ToClients) => {
  const answer = (reply: FromClients) => parentPort?.postMessage(reply)
  if (message.kind === 'open') {
    const heapBefore = heapNow()
    await open(message)
    answer({ kind: 'opened', heapBefore, heapAfter: heapNow() })
  } else if (message.kind === 'type') {
    const typists = clients.filter((_, i) => i % message.every === 0)
    for (const client of typists) typeAtHumanPace(client, message.keysPerSecond)
    answer({ kind: 'typing', typists: typists.length })
  } else if (message.kind === 'stop') {
    for (const timer of typing.values()) clearTimeout(timer)
    typing.clear()
    answer({ kind: 'stopped', keystrokes })
  } else {
    for (const client of clients) client.close()
    await Promise.all(clients.map((client) => client.closed))
    answer({ kind: 'closed' })
    parentPort?.close()
  }
})
