/**
 * The thread of a search by meaning over a large space (bit-scan.ts): the first pass over the bit
 * vectors the main thread shares with it, then the exact rescoring of its candidates on a read-only
 * connection of its own, while the main thread answers the search's word half.
 */
import { parentPort } from 'node:worker_threads'
import Database from 'better-sqlite3'
import type { VectorHit } from '../../ports/search-index.ts'
import type { ScanRequest, ScanResponse } from './bit-scan.ts'
import { nearestIds } from './bit-vectors.ts'
import { loadSqliteVec, rescorer } from './vector-tables.ts'

type Rescore = ReturnType<typeof rescorer>
const connections = new Map<string, { db: Database.Database; rescorers: Map<number, Rescore> }>()

/** The rescoring of vectors of `dimensions` in the database `file`, on this thread's connection to it. */
function rescoreIn(file: string, dimensions: number): Rescore {
  let connection = connections.get(file)
  if (!connection) {
    const db = new Database(file, { readonly: true, fileMustExist: true })
    loadSqliteVec(db)
    connection = { db, rescorers: new Map() }
    connections.set(file, connection)
  }
  let rescore = connection.rescorers.get(dimensions)
  if (!rescore) {
    rescore = rescorer(connection.db, dimensions)
    connection.rescorers.set(dimensions, rescore)
  }
  return rescore
}

const port = parentPort
if (!port) throw new Error('bit-scan-worker.ts runs as a worker thread')
port.on('message', ({ id, scan }: ScanRequest) => {
  let response: ScanResponse
  try {
    const candidates = nearestIds(scan.query, scan.dimensions, scan.k, scan.spaces)
    const hits: VectorHit[] = rescoreIn(scan.file, scan.dimensions)(scan.vector, candidates, scan.wanted)
    response = { id, hits }
  } catch (error) {
    response = { id, error: error instanceof Error ? error.message : String(error) }
  }
  port.postMessage(response)
})
