/**
 * An embedding thread for worker-client tests, with no model: each text becomes a 4-dimensional vector
 * from its length, and some texts make it misbehave (die, hang, drop a vector, answer zeros).
 */
import { appendFileSync } from 'node:fs'
import { workerData } from 'node:worker_threads'
import { serveEmbeddings } from '../../adapters/embed/worker-protocol.ts'

/** `log` names a file that gets each batch the thread receives, one line of JSON per batch. */
const { failLoad, log } = (workerData ?? {}) as { failLoad?: boolean; log?: string }

serveEmbeddings(async () => {
  if (failLoad) throw new Error('weights are damaged')
  return async (texts) => {
    if (log) appendFileSync(log, `${JSON.stringify(texts)}\n`)
    if (texts.includes('die')) process.exit(3)
    if (texts.includes('hang')) for (;;);
    if (texts.includes('zero')) return texts.map(() => [0, 0, 0, 0])
    const vectors = texts.map((text) => [text.length, 1, 2, 3])
    return texts.includes('drop') ? vectors.slice(1) : vectors
  }
})
