import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { Worker } from 'node:worker_threads'
import * as Y from 'yjs'
import { type InProcessServer, startInProcess } from '../server/testing/in-process-server.ts'
import { requestIndex } from '../shared/services/search/index-space.ts'
import { addPerson } from '../shared/testing/builders/person.ts'
import { type LiveClient, liveClient } from '../shared/testing/live-client.ts'
import type { FromClients, ToClients } from './live-clients-worker.ts'
import { BENCH_TOKEN } from './setup.ts'
import { report, summarize } from './stats.ts'

const ORG = 'bench'
const SPACE = 'wiki'
const FILES = `/organizations/${ORG}/spaces/${SPACE}/files`
/** A person typing at a human pace. */
const KEYS_PER_SECOND = 10
/** People typing in one page at once. */
const TEAM = 20
/** Pages open on the server at once, one person in each. */
const OPEN_DOCS = 200
/** One open page in this many has its person typing (the others only read). */
const TYPING_EVERY = 4
/** How long the people type in each measure, and the first stretch of it left out (connections warming). */
const PAIR_MS = 8_000
const TEAM_MS = 10_000
const WARMUP_MS = 1_000
/** Flushes and REST writes timed, each. */
const FLUSH_REPEATS = 15
/** A realistic page: about this many bytes of Markdown. */
const PAGE_BYTES = 5_000
/** What a person types, letter by letter. */
const LETTERS = 'the quick brown fox jumps over the lazy dog '
/** What the flush and the REST write change in their page: a few words typed into a line. */
const EDIT = 'checked '

type Person = { name: string; token: string }

/** A page of Markdown of about `PAGE_BYTES` bytes: headings, paragraphs and lists, as a runbook is. */
function pageMarkdown(i: number): string {
  const topics = ['backup', 'deploy', 'network', 'access', 'monitoring', 'release', 'incident', 'billing']
  const parts = [`# Runbook ${i}: ${topics[i % topics.length]}\n`]
  for (let s = 0; parts.join('\n').length < PAGE_BYTES; s++) {
    const topic = topics[(i + s) % topics.length]
    parts.push(
      `## ${topic} step ${s}\n`,
      `Before the ${topic} change, read the last report and tell the owner in the team channel. ` +
        `Check that the ${topic} dashboard is green for an hour, and that nobody else is changing it.\n`,
      `${[1, 2, 3, 4]
        .map((n) => `- [ ] ${topic} check ${n}: run \`quire ${topic} --check ${n}\` and note the result.`)
        .join('\n')}\n`,
    )
  }
  return parts.join('\n')
}

/** The garbage collector: exposed when Node runs with `--expose-gc`, else turned on now. */
function collector(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc
  if (exposed) return exposed
  setFlagsFromString('--expose-gc')
  return runInNewContext('gc') as () => void
}

/** The heap and resident set after two full collections. */
function memoryNow(gc: () => void): NodeJS.MemoryUsage {
  gc()
  gc()
  return process.memoryUsage()
}

/**
 * Keystroke-to-peer latency seen by one observer: each keystroke's time is noted just before it is
 * typed, with the Yjs clock it will get; the observer's document holding that clock is its arrival.
 */
function latencyProbe(observer: LiveClient) {
  const waiting = new Map<number, { clock: number; at: number }[]>()
  const samples: number[] = []
  let recording = false
  observer.doc.on('update', () => {
    const now = performance.now()
    for (const [client, queue] of waiting) {
      const held = Y.getState(observer.doc.store, client)
      while (queue.length > 0 && (queue[0] as { clock: number }).clock < held) {
        const { at } = queue.shift() as { at: number }
        if (recording) samples.push(now - at)
      }
    }
  })
  return {
    samples,
    /** Notes a keystroke `client` is about to type. */
    typing(client: LiveClient) {
      if (client === observer) return
      const id = client.doc.clientID
      let queue = waiting.get(id)
      if (!queue) {
        queue = []
        waiting.set(id, queue)
      }
      queue.push({ clock: Y.getState(client.doc.store, id), at: performance.now() })
    },
    record(on: boolean) {
      recording = on
    },
  }
}

type Probe = ReturnType<typeof latencyProbe>

/**
 * Starts each of `clients` typing one letter about every `1000 / KEYS_PER_SECOND` ms (jittered as
 * people type) at a place of their own in the page; answers how to stop them.
 */
function typeTogether(clients: LiveClient[], probes: Probe[]): () => void {
  const timers = new Map<LiveClient, ReturnType<typeof setTimeout>>()
  const mean = 1000 / KEYS_PER_SECOND
  clients.forEach((client, i) => {
    // Each starts at the end of a line of their own, and keeps typing where their cursor is.
    const lines = client.text.toString().split('\n')
    const line = Math.floor(((i + 0.5) * lines.length) / clients.length)
    const start = lines.slice(0, line + 1).join('\n').length
    let cursor = Y.createRelativePositionFromTypeIndex(client.text, start)
    let n = 0
    const next = () => {
      const at = Y.createAbsolutePositionFromRelativePosition(cursor, client.doc)?.index ?? 0
      for (const probe of probes) probe.typing(client)
      client.type(LETTERS[n++ % LETTERS.length] as string, at)
      cursor = Y.createRelativePositionFromTypeIndex(client.text, at + 1)
      timers.set(client, setTimeout(next, mean * (0.5 + Math.random())))
    }
    timers.set(client, setTimeout(next, Math.random() * mean))
  })
  return () => {
    for (const timer of timers.values()) clearTimeout(timer)
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** What a typing measure saw: the latencies, and how busy this process's event loop was meanwhile. */
type Typed = { samples: number[]; loopDelayP99: number; cpuShare: number }

/**
 * `clients` type together for `ms`; answers the latencies the `observers` saw after the warm-up,
 * with the event loop's delay (server and clients share it) and the CPU this process used.
 */
async function typingLatencies(clients: LiveClient[], observers: LiveClient[], ms: number): Promise<Typed> {
  const probes = observers.map(latencyProbe)
  const stop = typeTogether(clients, probes)
  await pause(WARMUP_MS)
  const loop = monitorEventLoopDelay({ resolution: 5 })
  loop.enable()
  const cpu = process.cpuUsage()
  const started = performance.now()
  for (const probe of probes) probe.record(true)
  await pause(ms)
  for (const probe of probes) probe.record(false)
  const used = process.cpuUsage(cpu)
  const elapsed = performance.now() - started
  loop.disable()
  stop()
  return {
    samples: probes.flatMap((probe) => probe.samples),
    loopDelayP99: loop.percentile(99) / 1e6,
    cpuShare: (used.user + used.system) / 1000 / elapsed,
  }
}

/** A latency line, and under it how loaded the process and the machine were. */
function reportTyping(name: string, typed: Typed): void {
  report(name, typed.samples)
  console.log(
    `  (event loop delay p99 ${typed.loopDelayP99.toFixed(1)} ms, process CPU ${(typed.cpuShare * 100).toFixed(0)}% of a core, load average ${loadavg()[0]?.toFixed(1)})`,
  )
}

/** People `people` in `path`, each synced. */
async function enter(quire: InProcessServer, path: string, people: Person[]): Promise<LiveClient[]> {
  const clients = people.map(({ name, token }) =>
    liveClient(quire.server.url, { org: ORG, space: SPACE, path }, { token }, name),
  )
  await Promise.all(clients.map((client) => client.synced))
  return clients
}

/** The bench space, its people (contributors), and `paths` committed in one commit at its tip. */
async function prepare(quire: InProcessServer, paths: string[]): Promise<Person[]> {
  const api = async (method: string, path: string, body?: unknown) => {
    const response = await quire.api(method, path, body)
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
  }
  await api('POST', '/organizations', { slug: ORG, name: 'Bench', join: true })
  await api('POST', `/organizations/${ORG}/spaces`, { slug: SPACE, name: 'Wiki' })
  // The built-in model's embedding of every flushed page would take both cores of a small machine
  // from the live path being measured; the index by words stays on.
  await api('PUT', `/organizations/${ORG}/spaces/${SPACE}/semantic`, { enabled: false })
  const people: Person[] = []
  for (let i = 0; i < TEAM; i++) {
    const name = `person${String(i).padStart(2, '0')}`
    const { account, token } = await addPerson(quire.server.deps, name)
    await api('PUT', `/organizations/${ORG}/spaces/${SPACE}/members/${name}`, { role: 'contributor' })
    people.push({ name: `Person ${i}`, token })
    if (i === 0) {
      // Straight into the repository, in one commit: writing each through the API would index each.
      const found = await quire.server.deps.store.spaceBySlugs(ORG, SPACE, account.id)
      if (!found) throw new Error('the bench space is missing')
      const repo = quire.server.deps.repos.open(found.space.id, found.space.branch)
      await repo.commit({
        parent: await repo.head(),
        changes: paths.map((path, n) => ({
          path: `content/${path}`,
          content: new TextEncoder().encode(pageMarkdown(n)),
        })),
        author: { name: 'Bench', email: 'bench@example.com' },
        message: 'Pages',
      })
      await repo.settle()
      // Indexed before anything is measured, as a server holding these pages would have them.
      await requestIndex(quire.server.deps, found.space)
      await quire.server.deps.indexQueue.idle()
    }
  }
  await quire.server.deps.queue.idle()
  return people
}

/** The latency lines: two people, then twenty in one page. */
async function benchLatency(quire: InProcessServer, people: Person[]): Promise<LiveClient[]> {
  const pair = await enter(quire, 'live/pair.md', people.slice(0, 2))
  reportTyping('keystroke to peer, 2 people in one page', await typingLatencies(pair, pair, PAIR_MS))
  for (const client of pair) client.close()

  const team = await enter(quire, 'live/team.md', people)
  reportTyping(
    `keystroke to peer, ${TEAM} people typing in one page`,
    await typingLatencies(team, team.slice(0, 1), TEAM_MS),
  )
  return team
}

/** What the bench asks of the clients' worker, answered once it is done. */
function ask(worker: Worker, message: ToClients): Promise<FromClients> {
  return new Promise((resolve, reject) => {
    const done = (reply: FromClients) => {
      worker.off('error', reject)
      resolve(reply)
    }
    worker.once('message', done)
    worker.once('error', reject)
    worker.postMessage(message)
  })
}

/**
 * `OPEN_DOCS` pages opened with one person each, the people in a worker thread: the server's heap
 * before and after (this thread's, after full collections), divided by their number. Then a
 * share of them type while the team page's latency is measured again.
 */
async function benchOpenDocuments(
  quire: InProcessServer,
  people: Person[],
  team: LiveClient[],
  paths: string[],
): Promise<void> {
  const gc = collector()
  const worker = new Worker(new URL('./live-clients-worker.ts', import.meta.url))
  try {
    const before = memoryNow(gc)
    const opened = await ask(worker, {
      kind: 'open',
      url: quire.server.url,
      org: ORG,
      space: SPACE,
      people: paths.map((path, i) => ({ path, token: (people[i % people.length] as Person).token })),
    })
    const after = memoryNow(gc)
    const docs = OPEN_DOCS
    if (opened.kind !== 'opened' || quire.server.live.stats().docs < docs)
      throw new Error(`${quire.server.live.stats().docs} documents open, fewer than ${docs}`)
    const line = (label: string, bytes: number) =>
      console.log(`    ${label.padEnd(40)} ${(bytes / docs / 1024).toFixed(1).padStart(7)} KB`)
    console.log(
      `  memory per open document (${docs} pages of ${(pageMarkdown(0).length / 1024).toFixed(1)} KB, one person each; after full collections):`,
    )
    line('server heap (V8, the server thread)', after.heapUsed - before.heapUsed)
    line('server off-heap (buffers)', after.external - before.external)
    line("the people's heap (their worker thread)", opened.heapAfter - opened.heapBefore)
    line('process RSS (both, and SQLite, noisy)', after.rss - before.rss)

    const started = await ask(worker, { kind: 'type', every: TYPING_EVERY, keysPerSecond: KEYS_PER_SECOND })
    const typists = started.kind === 'typing' ? started.typists : 0
    const typed = await typingLatencies(team, team.slice(0, 1), TEAM_MS)
    const stopped = await ask(worker, { kind: 'stop' })
    reportTyping(`keystroke to peer, ${TEAM} in one page, ${OPEN_DOCS} pages open`, typed)
    console.log(
      `  (meanwhile ${typists} of the ${OPEN_DOCS} people typed ${stopped.kind === 'stopped' ? stopped.keystrokes : 0} keystrokes in their own pages)`,
    )
    await ask(worker, { kind: 'close' })
  } finally {
    await worker.terminate()
  }
}

/** The text with `EDIT` typed at the end of its first line. */
const edited = (text: string) => {
  const at = text.indexOf('\n')
  return `${text.slice(0, at)} ${EDIT}${text.slice(at)}`
}

/** Types `EDIT` letter by letter at the end of the first line, and waits until `observer` has it. */
async function typeEdit(typist: LiveClient, observer: LiveClient): Promise<void> {
  const expected = edited(typist.text.toString())
  const at = typist.text.toString().indexOf('\n')
  for (const [i, letter] of [...` ${EDIT}`].entries()) typist.type(letter, at + i)
  await observer.until(() => observer.text.toString() === expected)
}

/**
 * A live flush against a REST write of the same page (about `PAGE_BYTES`) with the same change:
 * the save's round trip (`save` sent, `saved` back), the server's flush alone (`live.idle()`), and
 * `PUT .../files/{path}` with its `base_sha`.
 */
async function benchFlush(quire: InProcessServer, people: Person[]): Promise<void> {
  const [typist, observer] = await enter(quire, 'live/flush.md', people.slice(0, 2))
  if (!typist || !observer) throw new Error('nobody joined')
  const saves: number[] = []
  const idles: number[] = []
  const writes: number[] = []
  // Each commit's indexing is left to finish before the next is timed: it would otherwise run during it.
  const settled = async () => {
    await quire.server.deps.queue.idle()
    await quire.server.deps.indexQueue.idle()
  }
  for (let i = 0; i < FLUSH_REPEATS + 2; i++) {
    const kept = i >= 2
    await typeEdit(typist, observer)
    const saved = typist.statuses.filter((s) => s.type === 'saved').length
    let started = performance.now()
    typist.save()
    await typist.until(() => typist.statuses.filter((s) => s.type === 'saved').length > saved)
    if (kept) saves.push(performance.now() - started)
    await settled()

    await typeEdit(typist, observer)
    started = performance.now()
    await quire.server.live.idle()
    if (kept) idles.push(performance.now() - started)
    await settled()

    const read = await quire.api('GET', `${FILES}/live/rest.md`)
    const { text, sha } = (await read.json()) as { text: string; sha: string }
    started = performance.now()
    const write = await quire.api('PUT', `${FILES}/live/rest.md`, { content: edited(text), base_sha: sha })
    await write.arrayBuffer()
    if (kept) writes.push(performance.now() - started)
    if (write.status !== 200) throw new Error(`REST write: ${write.status}`)
    await settled()
  }
  typist.close()
  observer.close()
  report('live flush: save sent to saved received', saves)
  report('live flush: live.idle() on the server', idles)
  report('REST write: PUT .../files/{path}, same change', writes)
  const rest = summarize(writes).median
  console.log(
    `  flush / REST write (medians): save round trip ${(summarize(saves).median / rest).toFixed(2)}, idle() ${(summarize(idles).median / rest).toFixed(2)}`,
  )
}

/**
 * Live editing on the real server in this process, over WebSockets on loopback: keystroke-to-peer
 * latency (2 people, 20 in one page, and 20 with `OPEN_DOCS` pages open), memory per open
 * document, and a live flush's cost beside a REST write of the same change.
 */
export async function benchLiveEditing(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'quire-bench-live-'))
  const quire = await startInProcess(dataDir, BENCH_TOKEN)
  try {
    const open = Array.from({ length: OPEN_DOCS }, (_, i) => `open/page-${i}.md`)
    const started = performance.now()
    const people = await prepare(quire, [
      'live/pair.md',
      'live/team.md',
      'live/flush.md',
      'live/rest.md',
      ...open,
    ])
    console.log(
      `  ${OPEN_DOCS + 4} pages of ${pageMarkdown(0).length} bytes committed and indexed (words; meaning off) in ${((performance.now() - started) / 1000).toFixed(1)} s; ${KEYS_PER_SECOND} keystrokes/s per person, clients in this process`,
    )
    const team = await benchLatency(quire, people)
    await quire.server.live.idle()
    await benchFlush(quire, people)
    await benchOpenDocuments(quire, people, team, open)
    for (const client of team) client.close()
  } finally {
    await quire.server.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
