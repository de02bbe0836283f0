/** Keeping live updates in the log: one transaction (one disk sync) for what arrives together. */
import type { Clock } from '../../../ports/clock.ts'
import { APPEND_BATCH_MS, type LiveSessionsDeps } from './live-shapes.ts'

type Waiting = {
  row: { docId: number; accountId: number | null; update: Uint8Array; at: number }
  done(seq: number): void
  failed(error: unknown): void
}

/**
 * Keeps an update in the log; answers its seq. Updates arriving together share one transaction,
 * and batches are at least `APPEND_BATCH_MS` apart: alone, an update is written at once (after
 * the messages read with it); under load, the wait gathers many into one.
 */
export function updateBatcher(
  log: LiveSessionsDeps['store']['collab'],
  clock: Clock,
): (docId: number, accountId: number | null, update: Uint8Array) => Promise<number> {
  let waiting: Waiting[] = []
  let batchDue = false
  let lastBatch = Number.NEGATIVE_INFINITY

  async function writeBatch() {
    const batch = waiting
    waiting = []
    batchDue = false
    lastBatch = performance.now()
    try {
      const seqs = await log.appendMany(batch.map((w) => w.row))
      for (const [i, w] of batch.entries()) w.done(seqs[i] as number)
    } catch {
      // One bad row (a document dropped meanwhile) must not refuse the others: each on its own.
      for (const { row, done, failed } of batch)
        await log.append(row.docId, row.accountId, row.update, row.at).then(done, failed)
    }
  }

  return (docId, accountId, update) =>
    new Promise((done, failed) => {
      waiting.push({ row: { docId, accountId, update, at: clock.now() }, done, failed })
      if (batchDue) return
      batchDue = true
      const wait = lastBatch + APPEND_BATCH_MS - performance.now()
      if (wait > 0) setTimeout(writeBatch, wait)
      else setImmediate(writeBatch)
    })
}
