/**
 * Search by meaning in SQLite. Each chunk is a row of an ordinary table, its float32 vector a blob keyed by
 * the same id, and a binary-quantised copy (1 bit per dimension) sits in a sqlite-vec `vec0` table
 * partitioned by space. A search takes the closest bit vectors by Hamming distance in the requested
 * spaces, then rescores those candidates with the exact cosine of the float vectors (sqlite-vec's).
 *
 * The first pass runs over a copy of the spaces' bit vectors in memory (bit-vectors.ts), not through
 * vec0's own KNN query: vec0 keeps its k best by repeated selection, so 200 candidates out of 20,000
 * vectors cost it 2.3 ms a pass (and a second pass when a radius guessed to bound that work was too
 * tight), where a scan of the same bits in memory takes 0.8 ms and is exact. Each space's copy carries the
 * version its rows had in SQLite: a write through this index updates both; a write by another connection
 * (another process) changes the version, and the copy is read again before the next search. Past a
 * couple of thousand vectors, the scan and the rescoring run in a thread of their own (bit-scan.ts),
 * while the search's word half runs on this one.
 */

import { randomInt } from 'node:crypto'
import type Database from 'better-sqlite3'
import { unit } from '../../domain/search/unit-vector.ts'
import type { Chunk, VectorHit, VectorIndex } from '../../ports/search-index.ts'
import type { Sync } from '../../ports/sync.ts'
import { type FlatVectorIndex, vectorIndexOf } from '../database/space-scope.ts'
import { type BitScanner, inThreadScanner } from './bit-scan.ts'
import { nearestIds, SpaceBits, signBits, wordsOfBlob } from './bit-vectors.ts'
import { connectionMark, keptAnswers } from './connection-changes.ts'
import { guarded } from './guarded.ts'
import { blob, CHUNKS_TABLE, floats, loadSqliteVec, rescorer, vectorTables } from './vector-tables.ts'

export { loadSqliteVec, vectorTables }

/** Candidates taken by the binary first pass per result asked for, before exact rescoring. */
export const DEFAULT_OVERSAMPLE = 5

// Fewest candidates rescored, however few results are asked for: the top 10 depends on them most. With the
// built-in model's vectors of real sentences (6,000 chunks), 200 candidates find 99.7% of the exact top 10
// whether 10 or 40 results are asked for; 800 find all of it, and rescoring them costs 4 times as much.
const MIN_CANDIDATES = 200

// Rescoring reads each candidate's float vector: past a thousand that costs more than the recall it buys,
// since the true top results sit well inside the first few hundred candidates.
const MAX_CANDIDATES = 1_000

/** Searches whose hits are kept while the database does not change. */
const RECENT_SEARCHES = 500

// Slots per vec0 chunk. A space costs at least one chunk (64 KB of bits at 512 dimensions).
const CHUNK_SIZE = 1024

// Texts travel to SQLite as JSON arrays, so one prepared statement serves any number of paths or ids.
const json = (values: readonly (string | number)[]): string => JSON.stringify(values)

/** What a write did to a space's bit vectors, to do the same to the copy in memory. */
type Change = { removed: number[]; added: [number, Uint32Array][] }

type Options = {
  /** Candidates per result for the binary first pass, at least 200 in all (default 5: 200 for 40). */
  oversample?: number
  /** Where a search's scan and rescoring run (bit-scan.ts); the caller's thread by default. */
  scanner?: BitScanner
}

// Callers ask for the index of a dimension at each use; one instance per connection keeps the statements
// prepared once and the bit vectors read once, whatever scanner its searches use.
type Instance = { sync: Sync<FlatVectorIndex>; portFor(scanner: BitScanner): VectorIndex }
const instances = new WeakMap<Database.Database, Map<string, Instance>>()

function instance(db: Database.Database, dimensions: number, options: Options): Instance {
  // vec_quantize_binary packs 8 dimensions per byte and refuses other lengths.
  if (!Number.isInteger(dimensions) || dimensions <= 0 || dimensions % 8 !== 0) {
    throw new Error(`vector dimensions must be a positive multiple of 8, not ${dimensions}`)
  }
  const oversample = options.oversample ?? DEFAULT_OVERSAMPLE
  const key = `${dimensions}:${oversample}`
  const known = instances.get(db) ?? new Map<string, Instance>()
  instances.set(db, known)
  const found = known.get(key)
  if (found) return found
  const { sync, searchWith } = createIndex(db, dimensions, oversample)
  const ports = new WeakMap<BitScanner, VectorIndex>()
  const made: Instance = {
    sync,
    portFor(scanner) {
      let port = ports.get(scanner)
      if (!port) {
        port = vectorIndexOf(guarded<FlatVectorIndex>({ ...sync, search: searchWith(scanner) }))
        ports.set(scanner, port)
      }
      return port
    },
  }
  known.set(key, made)
  return made
}

/** The same index answering synchronously, for a caller that holds a better-sqlite3 transaction. */
export function syncSqliteVectorIndex(db: Database.Database, dimensions: number): Sync<FlatVectorIndex> {
  return instance(db, dimensions, {}).sync
}

/** The vector index over sqlite-vec for vectors of `dimensions`, creating its tables if needed. */
export function sqliteVectorIndex(
  db: Database.Database,
  dimensions: number,
  options: Options = {},
): VectorIndex {
  return instance(db, dimensions, options).portFor(options.scanner ?? inThreadScanner)
}

/**
 * Removes a space's vectors from the tables of every size, whichever model made them: no embedder is
 * needed (a provider's size is unknown until it answers), and a previous model's vectors go too.
 */
export function forgetSpaceVectors(db: Database.Database, spaceId: number): void {
  const tables = db
    .prepare<[string], string>("SELECT name FROM sqlite_master WHERE type = 'table' AND name GLOB ?")
    .pluck()
    .all(`${CHUNKS_TABLE}[1-9]*`)
  for (const table of tables) instance(db, Number(table.slice(CHUNKS_TABLE.length)), {}).sync.clear(spaceId)
}

/** The index answering synchronously, and its search with the scan wherever a scanner runs it. */
function createIndex(
  db: Database.Database,
  dimensions: number,
  oversample: number,
): { sync: Sync<FlatVectorIndex>; searchWith(scanner: BitScanner): FlatVectorIndex['search'] } {
  loadSqliteVec(db)
  const t = vectorTables(dimensions)
  // Derived data, rebuilt at will from the pages: created here rather than by the migrations, and the
  // vec0 table needs the extension loaded, which the migrator's connection setup does not do.
  db.exec(`
    CREATE TABLE IF NOT EXISTS ${t.chunks} (
      id INTEGER PRIMARY KEY,
      space_id INTEGER NOT NULL,
      path TEXT NOT NULL,
      heading TEXT NOT NULL,
      text TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS ${t.chunks}_path ON ${t.chunks} (space_id, path);
    CREATE TABLE IF NOT EXISTS ${t.vectors} (id INTEGER PRIMARY KEY, vector BLOB NOT NULL);
    CREATE VIRTUAL TABLE IF NOT EXISTS ${t.bits} USING vec0(
      space_id INTEGER PARTITION KEY,
      vector BIT[${dimensions}],
      chunk_size = ${CHUNK_SIZE}
    );
    CREATE TABLE IF NOT EXISTS ${t.versions} (space_id INTEGER PRIMARY KEY, version INTEGER NOT NULL);
  `)

  const insertChunk = db.prepare<[number, string, string, string]>(
    `INSERT INTO ${t.chunks} (space_id, path, heading, text) VALUES (?, ?, ?, ?)`,
  )
  const insertVector = db.prepare<[number | bigint, Buffer]>(
    `INSERT INTO ${t.vectors} (id, vector) VALUES (?, ?)`,
  )
  // vec0 checks types strictly and better-sqlite3 binds every JS number as REAL: ids go in as BigInt.
  const insertBits = db.prepare<[bigint, bigint, Buffer]>(
    `INSERT INTO ${t.bits} (rowid, space_id, vector) VALUES (?, ?, vec_quantize_binary(?))`,
  )
  const idsOfPaths = db
    .prepare<[number, string], number>(
      `SELECT id FROM ${t.chunks} WHERE space_id = ? AND path IN (SELECT value FROM json_each(?))`,
    )
    .pluck()
  const idsOfSpace = db.prepare<[number], number>(`SELECT id FROM ${t.chunks} WHERE space_id = ?`).pluck()
  const deleteBits = db.prepare<[number]>(`DELETE FROM ${t.bits} WHERE rowid = ?`)
  const deleteVectors = db.prepare<[string]>(
    `DELETE FROM ${t.vectors} WHERE id IN (SELECT value FROM json_each(?))`,
  )
  const deleteChunks = db.prepare<[string]>(
    `DELETE FROM ${t.chunks} WHERE id IN (SELECT value FROM json_each(?))`,
  )
  const countChunks = db
    .prepare<[number], number>(`SELECT count(*) FROM ${t.chunks} WHERE space_id = ?`)
    .pluck()
  // vec0's own bookkeeping (a shadow table documented as internal): if a later version changes it, the
  // index works on and only stops compacting.
  const vecChunks = (() => {
    try {
      return db
        .prepare<[number], number>(`SELECT count(*) FROM "${t.bits}_chunks" WHERE partition00 = ?`)
        .pluck()
    } catch {
      return undefined
    }
  })()
  const counts = db.prepare<[number], { files: number; chunks: number }>(
    `SELECT count(DISTINCT path) AS files, count(*) AS chunks FROM ${t.chunks} WHERE space_id = ?`,
  )
  const pathsOf = db
    .prepare<[number], string>(`SELECT DISTINCT path FROM ${t.chunks} WHERE space_id = ?`)
    .pluck()
  const vectorsOfSpace = db.prepare<[number], { id: number; vector: Buffer }>(
    `SELECT c.id, v.vector FROM ${t.chunks} c JOIN ${t.vectors} v ON v.id = c.id
     WHERE c.space_id = ? ORDER BY c.id`,
  )
  const bitsOfSpace = db.prepare<[bigint], { id: number; vector: Buffer }>(
    `SELECT rowid AS id, vector FROM ${t.bits} WHERE space_id = ?`,
  )
  const versionOf = db
    .prepare<[number], number>(`SELECT version FROM ${t.versions} WHERE space_id = ?`)
    .pluck()
  const setVersion = db.prepare<[number, number]>(
    `INSERT INTO ${t.versions} (space_id, version) VALUES (?, ?)
     ON CONFLICT (space_id) DO UPDATE SET version = excluded.version`,
  )
  const rescored = rescorer(db, dimensions)
  // Chunks are inserted in the order they are given, so their ids keep it.
  const pageVectors = db
    .prepare<[number, string], Buffer>(
      `SELECT v.vector FROM ${t.chunks} c JOIN ${t.vectors} v ON v.id = c.id
       WHERE c.space_id = ? AND c.path = ? ORDER BY c.id`,
    )
    .pluck()

  // vec0 refills only the newest chunk of a space: a row deleted from an older one leaves a hole that
  // stays until that whole chunk is empty, and reading the space's bits still reads it. So random edits
  // of old pages slowly spread a space over more and more chunks (64 KB each at 512 dimensions). After
  // every chunk's worth of deletions the space's slots are compared with its live rows, and once holes
  // pass half the live rows (plus a chunk) the bit vectors are rewritten densely: at most a few inserts
  // per delete, amortised.
  const deletedSinceCheck = new Map<number, number>()
  const compactIfSparse = (spaceId: number, removed: number) => {
    const deleted = (deletedSinceCheck.get(spaceId) ?? 0) + removed
    deletedSinceCheck.set(spaceId, deleted < CHUNK_SIZE ? deleted : 0)
    if (deleted < CHUNK_SIZE || !vecChunks) return
    const live = countChunks.get(spaceId)!
    if (vecChunks.get(spaceId)! * CHUNK_SIZE <= live * 1.5 + CHUNK_SIZE) return
    for (const id of idsOfSpace.all(spaceId)) deleteBits.run(id)
    // Row by row from JavaScript: in an INSERT ... SELECT the result of vec_quantize_binary loses its
    // 'bit' subtype on the way, and vec0 then rejects it as a malformed float32 vector.
    const space = BigInt(spaceId)
    for (const row of vectorsOfSpace.all(spaceId)) insertBits.run(BigInt(row.id), space, row.vector)
  }

  const removeIds = (change: Change, spaceId: number, ids: number[]) => {
    if (ids.length === 0) return
    change.removed.push(...ids)
    for (const id of ids) deleteBits.run(id)
    const list = json(ids)
    deleteVectors.run(list)
    deleteChunks.run(list)
    compactIfSparse(spaceId, ids.length)
  }

  // Each space's bit vectors in memory, as of the version they were read or written at. A version is
  // random rather than counted: a write rolled back with an enclosing transaction must not leave a copy
  // whose version the next write would reuse.
  const copies = new Map<number, { version: number; bits: SpaceBits }>()

  /** The space's bits in memory, read again when another connection has changed them since. */
  const bitsOf = (spaceId: number): SpaceBits => {
    const version = versionOf.get(spaceId) ?? 0
    const known = copies.get(spaceId)
    if (known?.version === version) return known.bits
    const bits = new SpaceBits(dimensions)
    for (const row of bitsOfSpace.iterate(BigInt(spaceId)))
      bits.set(row.id, wordsOfBlob(row.vector, dimensions))
    copies.set(spaceId, { version, bits })
    return bits
  }

  /**
   * Runs a write of a space's vectors in a transaction that gives the space a new version, then brings
   * the copy in memory along: `change` lists what it removed and added. A copy that was already behind
   * (another connection wrote) is dropped instead, to be read whole when next searched.
   */
  const writeIn = <A extends unknown[]>(write: (change: Change, spaceId: number, ...args: A) => void) => {
    const transaction = db.transaction((change: Change, spaceId: number, ...args: A) => {
      const before = versionOf.get(spaceId) ?? 0
      write(change, spaceId, ...args)
      const after = randomInt(1, 2 ** 47)
      setVersion.run(spaceId, after)
      return { before, after }
    })
    return (spaceId: number, ...args: A): void => {
      const change: Change = { removed: [], added: [] }
      const { before, after } = transaction(change, spaceId, ...args)
      const copy = copies.get(spaceId)
      if (!copy) return
      if (copy.version !== before) {
        copies.delete(spaceId)
        return
      }
      for (const id of change.removed) copy.bits.delete(id)
      for (const [id, words] of change.added) copy.bits.set(id, words)
      copy.version = after
    }
  }

  const checkLength = (vector: Float32Array) => {
    if (vector.length !== dimensions) {
      throw new Error(`expected a vector of ${dimensions} dimensions, got ${vector.length}`)
    }
  }

  /** What the first pass of a search scans: none when nothing can be found. */
  const firstPass = (vector: Float32Array, spaceIds: number[], limit: number) => {
    checkLength(vector)
    const wanted = Math.floor(limit)
    if (!(wanted > 0) || spaceIds.length === 0 || !unit(vector)) return undefined
    const k = Math.max(
      wanted,
      Math.min(MAX_CANDIDATES, Math.max(MIN_CANDIDATES, Math.ceil(wanted * oversample))),
    )
    // The best k of all the spaces together: a small space's chunks are candidates as long as they are
    // among the closest, whatever the size of the others.
    const spaces = [...new Set(spaceIds)].map((id) => bitsOf(id).view())
    return { wanted, k, query: signBits(vector), spaces }
  }

  const sync: Sync<FlatVectorIndex> = {
    upsert: writeIn((change, spaceId, chunks: (Chunk & { vector: Float32Array })[], paths: string[]) => {
      for (const chunk of chunks) checkLength(chunk.vector)
      // A chunk whose path was left out of `paths` still replaces that file's chunks, never duplicates them.
      const replaced = [...new Set([...paths, ...chunks.map((chunk) => chunk.path)])]
      removeIds(change, spaceId, idsOfPaths.all(spaceId, json(replaced)))
      const space = BigInt(spaceId)
      for (const chunk of chunks) {
        // Stored at unit length so a page's mean is a mean of directions; a zero vector has none and is
        // kept as is (it is never found: its cosine is NULL).
        const direction = unit(chunk.vector) ?? chunk.vector
        const vector = blob(direction)
        const id = insertChunk.run(spaceId, chunk.path, chunk.heading, chunk.text).lastInsertRowid
        insertVector.run(id, vector)
        insertBits.run(BigInt(id), space, vector)
        change.added.push([Number(id), signBits(direction)])
      }
    }),

    remove: writeIn((change, spaceId, paths: string[]) => {
      if (paths.length > 0) removeIds(change, spaceId, idsOfPaths.all(spaceId, json(paths)))
    }),

    clear: writeIn((change, spaceId) => {
      removeIds(change, spaceId, idsOfSpace.all(spaceId))
      // Deleting every row frees every vec0 chunk of the space, so no holes are left to count.
      deletedSinceCheck.delete(spaceId)
    }),

    search: (vector, spaceIds, limit) => {
      const pass = firstPass(vector, spaceIds, limit)
      return pass
        ? rescored(vector, nearestIds(pass.query, dimensions, pass.k, pass.spaces), pass.wanted)
        : []
    },

    counts: (spaceId) => counts.get(spaceId) ?? { files: 0, chunks: 0 },

    paths: (spaceId) => pathsOf.all(spaceId),

    pageVector: (spaceId, path) => {
      const vectors = pageVectors.all(spaceId, path)
      if (vectors.length === 0) return undefined
      const mean = new Float32Array(dimensions)
      for (const data of vectors) {
        const vector = floats(data)
        for (let i = 0; i < dimensions; i++) mean[i] = mean[i]! + vector[i]!
      }
      // Chunks pointing opposite ways cancel out: such a page has no overall direction to compare.
      return unit(mean)
    },

    chunkVectors: (spaceId, path) => pageVectors.all(spaceId, path).map(floats),
  }

  const searchOnce = async (scanner: BitScanner, vector: Float32Array, spaceIds: number[], limit: number) => {
    const pass = firstPass(vector, spaceIds, limit)
    if (!pass) return []
    // A database in memory has no file another connection could read: its scans stay here.
    return await (db.memory ? inThreadScanner : scanner).search(
      { file: db.name, dimensions, vector, ...pass },
      (candidates) => rescored(vector, candidates, pass.wanted),
    )
  }

  // A search repeated while nothing was written to the database, by this connection or any other, finds
  // the same chunks: they are answered from memory, as the word index answers its repeated searches. The
  // mark is read at once, not at the next turn: a new search reaches the scanning thread before the word
  // half, started beside it, holds this one.
  const changes = connectionMark(db)
  const recent = keptAnswers<VectorHit[]>(RECENT_SEARCHES)

  return {
    sync,
    searchWith: (scanner) => async (vector, spaceIds, limit) => {
      recent.under(changes())
      const key = `${limit}\0${spaceIds.join(',')}\0${blob(vector).toString('base64')}`
      let hits = recent.get(key)
      if (!hits) {
        hits = await searchOnce(scanner, vector, spaceIds, limit)
        recent.keep(key, hits)
      }
      return hits.map((hit) => ({ ...hit }))
    },
  }
}
