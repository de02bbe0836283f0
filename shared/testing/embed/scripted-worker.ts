/**
 * An embedding thread for worker-client tests, with no model: each text becomes a 4-dimensional vector
 * from its length, and some texts make it misbehave (die, hang, drop a vector, answer zeros) or take
 * their time (nap: 0.4 s).
 */
import { appendFileSync } from 'node:fs'
import { threadId, workerData } from 'node:worker_threads'
import { serveEmbeddings } from '../../adapters/embed/worker-protocol.ts'

/**
 * `log` names a file that gets each batch the thread receives, one line of JSON per batch, and
 * `threadLog` one that gets the id of the thread that took it. With `meet`, each batch waits (5 s at
 * most) until that many batches have started, on whichever threads: only a pool of at least that many
 * threads gets through without waiting.
 */
const { failLoad, log, threadLog, meet, loadOnce } = (workerData ?? {}) as {
  failLoad?: boolean
  log?: string
  threadLog?: string
  meet?: { count: number; started: SharedArrayBuffer }
  loadOnce?: SharedArrayBuffer
}

serveEmbeddings(async () => {
  if (failLoad) throw new Error('weights are damaged')
  if (loadOnce) {
    const loaded = new Int32Array(loadOnce)
    if (threadLog) appendFileSync(threadLog, 'load\n')
    if (Atomics.add(loaded, 0, 1) > 0) {
      Atomics.wait(loaded, 1, 0, 5_000)
      await new Promise((resolve) => setTimeout(resolve, 500))
      throw new Error('out of memory')
    }
  }
  return async (texts) => {
    if (loadOnce && texts[0]?.startsWith('The probe')) {
      Atomics.store(new Int32Array(loadOnce), 1, 1)
      Atomics.notify(new Int32Array(loadOnce), 1)
    }
    if (log) appendFileSync(log, `${JSON.stringify(texts)}\n`)
    if (threadLog && !texts[0]?.startsWith('The probe')) appendFileSync(threadLog, `${threadId}\n`)
    if (meet && !texts[0]?.startsWith('The probe')) {
      const started = new Int32Array(meet.started)
      Atomics.add(started, 0, 1)
      Atomics.notify(started, 0)
      const deadline = Date.now() + 5_000
      for (let seen = Atomics.load(started, 0); seen < meet.count && Date.now() < deadline; ) {
        Atomics.wait(started, 0, seen, deadline - Date.now())
        seen = Atomics.load(started, 0)
      }
    }
    if (texts.includes('nap')) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 400)
    if (texts.includes('die')) process.exit(3)
    if (texts.includes('hang')) for (;;);
    if (texts.includes('zero')) return texts.map(() => [0, 0, 0, 0])
    const vectors = texts.map((text) => [text.length, 1, 2, 3])
    return texts.includes('drop') ? vectors.slice(1) : vectors
  }
})
