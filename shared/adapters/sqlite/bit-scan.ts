/**
 * Where a search by meaning over the bit vectors runs. Over a couple of thousand vectors it runs at
 * once, in the caller's thread (a tenth of a millisecond, and the rescoring of as many candidates);
 * past that, in a thread of its own: the first pass over the spaces' bit vectors, read in the memory
 * it shares with this thread, then the exact rescoring of the candidates on its own read-only
 * connection to the database file. The word half of the search (its own SQLite work, on this thread) runs meanwhile,
 * and so do other requests.
 *
 * The thread reads the vectors as they are while it scans: a write landing meanwhile may show it a
 * vector half moved, so one candidate of that scan may be wrong or missing. Candidates are rescored
 * from the database, so a result is never wrong, only, rarely, one of a search that raced a write.
 */
import { Worker } from 'node:worker_threads'
import type { VectorHit } from '../../ports/search-index.ts'
import { workerExecArgv } from '../node/worker-options.ts'
import { nearestIds, type ScanSpace } from './bit-vectors.ts'

/**
 * Vectors scanned in the caller's thread; past this many in all, in the scanning thread. Its round
 * trip costs a tenth of a millisecond; the rescoring of 200 candidates, which moves with the scan, a
 * millisecond or more, and at 20,000 vectors the scan itself as much again.
 */
export const SCAN_IN_THREAD_MAX = 2_000

/** A search over bit vectors: its first pass, and the rescoring of the `k` candidates it finds. */
export type Scan = {
  /** The database file holding the float vectors (read by the thread's own connection). */
  file: string
  dimensions: number
  /** The query's sign bits, and the spaces' bit vectors. */
  query: Uint32Array
  spaces: ScanSpace[]
  k: number
  /** The query vector, and how many of the best candidates to answer. */
  vector: Float32Array
  wanted: number
}
export type ScanRequest = { id: number; scan: Scan }
export type ScanResponse = { id: number; hits: VectorHit[] } | { id: number; error: string }

export type BitScanner = {
  /**
   * The best `scan.wanted` chunks: the first pass, then `rescore` of its candidates, in this thread;
   * or both in the scanning thread.
   */
  search(scan: Scan, rescore: (candidates: number[]) => VectorHit[]): Promise<VectorHit[]>
  close(): Promise<void>
}

const scanHere = (scan: Scan) => nearestIds(scan.query, scan.dimensions, scan.k, scan.spaces)

/** Scans in the caller's thread only: tests, and hosts without a worker script. */
export const inThreadScanner: BitScanner = {
  search: async (scan, rescore) => rescore(scanHere(scan)),
  close: async () => {},
}

/**
 * A scanner whose thread (`workerUrl`, bit-scan-worker.ts or its bundle) starts with the first large
 * scan and stays; it holds the process open only while it has scans to answer. A thread that fails or
 * dies fails the scans it had, and the next scan starts a new one. Once closed, it scans in the
 * caller's thread.
 */
export function threadedScanner(workerUrl: URL | string, inThreadMax = SCAN_IN_THREAD_MAX): BitScanner {
  let worker: Worker | undefined
  const waiting = new Map<number, { resolve(hits: VectorHit[]): void; reject(error: Error): void }>()
  let nextId = 1
  let closed = false

  const failAll = (error: Error) => {
    for (const pending of waiting.values()) pending.reject(error)
    waiting.clear()
  }

  const thread = (): Worker => {
    if (worker) return worker
    const started = new Worker(workerUrl, { execArgv: workerExecArgv() })
    started.unref()
    started.on('message', (response: ScanResponse) => {
      const pending = waiting.get(response.id)
      if (!pending) return
      waiting.delete(response.id)
      if (waiting.size === 0) started.unref()
      if ('error' in response) pending.reject(new Error(`the scan of bit vectors failed: ${response.error}`))
      else pending.resolve(response.hits)
    })
    let failure: Error | undefined
    started.on('error', (error) => {
      failure = error
    })
    started.on('exit', (code) => {
      if (worker === started) worker = undefined
      failAll(
        new Error(`the thread scanning bit vectors stopped (${failure?.message ?? `exit code ${code}`})`),
      )
    })
    worker = started
    return started
  }

  return {
    search(scan, rescore) {
      const total = scan.spaces.reduce((sum, space) => sum + space.count, 0)
      if (total <= inThreadMax || closed) return Promise.resolve(rescore(scanHere(scan)))
      const scanning = thread()
      const id = nextId++
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject })
        scanning.ref()
        scanning.postMessage({ id, scan } satisfies ScanRequest)
      })
    },
    async close() {
      closed = true
      const stopping = worker
      worker = undefined
      failAll(new Error('the scanner is closed'))
      await stopping?.terminate()
    },
  }
}
