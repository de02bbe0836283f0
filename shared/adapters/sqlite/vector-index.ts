/**
 * Search by meaning in SQLite. Each chunk is a row of an ordinary table, its float32 vector a blob keyed by
 * the same id, and a binary-quantised copy (1 bit per dimension) sits in a sqlite-vec `vec0` table
 * partitioned by space. A search takes the closest bit vectors by Hamming distance in each requested
 * space, then rescores those candidates with the exact cosine of the float vectors.
 */
import type Database from 'better-sqlite3'
import * as sqliteVec from 'sqlite-vec'
import type { Chunk, VectorHit, VectorIndex } from '../../ports/search-index.ts'

/** Candidates taken by the binary first pass per result asked for, before exact rescoring. */
export const DEFAULT_OVERSAMPLE = 20

// Rescoring reads each candidate's float vector: past a thousand (say 60 results × 20) that costs more
// than the recall it buys, since the true top results sit well inside the first few hundred candidates.
const MAX_CANDIDATES = 1_000

// sqlite-vec 0.1.9 refuses KNN queries with a larger k.
const VEC0_MAX_K = 4_096

// Slots per vec0 chunk, the unit the first pass reads. A space costs at least one chunk (64 KB of bits at
// 512 dimensions), and vec0's per-chunk top-k selection makes smaller chunks no faster.
const CHUNK_SIZE = 1024

// First Hamming radius tried for a space, as a share of the dimensions: unrelated vectors differ in about
// half their bits, and the closest few hundred of thousands of chunks in somewhat fewer.
const INITIAL_RADIUS = 0.4

// Texts travel to SQLite as JSON arrays, so one prepared statement serves any number of paths or ids.
const json = (values: readonly (string | number)[]): string => JSON.stringify(values)

type Tables = { chunks: string; vectors: string; bits: string }

const CHUNKS_TABLE = 'vector_chunks_'

/** The table names for one dimension, so a model of another size gets its own tables. */
export function vectorTables(dimensions: number): Tables {
  return {
    chunks: `${CHUNKS_TABLE}${dimensions}`,
    vectors: `vector_floats_${dimensions}`,
    bits: `vector_bits_${dimensions}`,
  }
}

/** Loads sqlite-vec into the connection unless it is already there (loading is per connection). */
export function loadSqliteVec(db: Database.Database): void {
  try {
    db.prepare('SELECT vec_version()').get()
  } catch {
    sqliteVec.load(db)
  }
}

/** A float vector as the blob sqlite-vec reads (little-endian float32, no copy). */
function blob(vector: Float32Array): Buffer {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength)
}

// Blobs from SQLite may start at any byte offset, and a Float32Array view needs 4-byte alignment: copy.
function floats(data: Buffer): Float32Array {
  return new Float32Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength))
}

/** The vector scaled to length 1, or undefined when it has no direction (all zeros). */
function unit(vector: Float32Array): Float32Array | undefined {
  let sum = 0
  for (const value of vector) sum += value * value
  if (!(sum > 0) || !Number.isFinite(sum)) return undefined
  const scale = 1 / Math.sqrt(sum)
  return vector.map((value) => value * scale)
}

type Candidate = { id: number; distance: number }

type Options = {
  /** Candidates per result for the binary first pass (default 20: 200 candidates for 10 results). */
  oversample?: number
}

// Callers ask for the index of a dimension at each use; one instance per connection keeps the statements
// prepared once and the search radii learnt.
const instances = new WeakMap<Database.Database, Map<string, VectorIndex>>()

/** The vector index over sqlite-vec for vectors of `dimensions`, creating its tables if needed. */
export function sqliteVectorIndex(
  db: Database.Database,
  dimensions: number,
  options: Options = {},
): VectorIndex {
  // vec_quantize_binary packs 8 dimensions per byte and refuses other lengths.
  if (!Number.isInteger(dimensions) || dimensions <= 0 || dimensions % 8 !== 0) {
    throw new Error(`vector dimensions must be a positive multiple of 8, not ${dimensions}`)
  }
  const oversample = options.oversample ?? DEFAULT_OVERSAMPLE
  const key = `${dimensions}:${oversample}`
  const known = instances.get(db) ?? new Map<string, VectorIndex>()
  instances.set(db, known)
  const found = known.get(key)
  if (found) return found
  const index = createIndex(db, dimensions, oversample)
  known.set(key, index)
  return index
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
  for (const table of tables) sqliteVectorIndex(db, Number(table.slice(CHUNKS_TABLE.length))).clear(spaceId)
}

function createIndex(db: Database.Database, dimensions: number, oversample: number): VectorIndex {
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
  const vectorsOfSpace = db.prepare<[number], { id: number; vector: Buffer }>(
    `SELECT c.id, v.vector FROM ${t.chunks} c JOIN ${t.vectors} v ON v.id = c.id
     WHERE c.space_id = ? ORDER BY c.id`,
  )
  const nearestBits = db.prepare<[Buffer, number, number, number], Candidate>(
    `SELECT rowid AS id, distance FROM ${t.bits}
     WHERE vector MATCH vec_quantize_binary(?) AND k = ? AND space_id = ? AND distance <= ?`,
  )
  const scanSpace = db.prepare<[Buffer, number, number], Candidate>(
    `SELECT c.id, vec_distance_hamming(vec_quantize_binary(v.vector), vec_quantize_binary(?)) AS distance
     FROM ${t.chunks} c JOIN ${t.vectors} v ON v.id = c.id
     WHERE c.space_id = ? LIMIT ?`,
  )
  const rescore = db.prepare<[Buffer, string, number], VectorHit>(
    `SELECT c.space_id AS spaceId, c.path, c.heading, 1 - vec_distance_cosine(v.vector, ?) AS score
     FROM json_each(?) j
     JOIN ${t.vectors} v ON v.id = j.value
     JOIN ${t.chunks} c ON c.id = v.id
     ORDER BY score DESC, c.id
     LIMIT ?`,
  )
  const pageVectors = db
    .prepare<[number, string], Buffer>(
      `SELECT v.vector FROM ${t.chunks} c JOIN ${t.vectors} v ON v.id = c.id
       WHERE c.space_id = ? AND c.path = ?`,
    )
    .pluck()

  // vec0 refills only the newest chunk of a space: a row deleted from an older one leaves a hole that
  // stays until that whole chunk is empty, and the first pass still reads it. So random edits of old
  // pages slowly spread a space over more and more chunks. After every chunk's worth of deletions the
  // space's slots are compared with its live rows, and once holes pass half the live rows (plus a chunk)
  // the bit vectors are rewritten densely: at most a few inserts per delete, amortised.
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

  const removeIds = (spaceId: number, ids: number[]) => {
    if (ids.length === 0) return
    for (const id of ids) deleteBits.run(id)
    const list = json(ids)
    deleteVectors.run(list)
    deleteChunks.run(list)
    compactIfSparse(spaceId, ids.length)
  }

  // vec0 keeps its k best in each chunk by repeated selection, O(k) per slot: unbounded, k = 200 costs 7 ms
  // on 30,000 chunks and k = 1,000 costs 50 ms. Rows beyond a `distance <= r` bound are dropped before that
  // selection, so with a radius that lets a few hundred rows through it costs about 1 ms whatever k is.
  // The radius starts just past the k-th distance of the last search in the space with the same k (the
  // radius only predicts: a little loose costs little, too tight costs one more scan); when fewer than k
  // rows fall inside it grows until they do or it covers everything, so the answer is always the true k
  // nearest.
  // A space with fewer than k rows has all of them as candidates, and vec0 spends ~0.2 ms on it anyway
  // (its selection walks every slot of a 1,024-slot chunk): such a space is marked (radius Infinity) and
  // read straight from the tables until it outgrows k, which matters when a search spans many spaces.
  const radii = new Map<string, number>()
  const nearestInSpace = (query: Buffer, k: number, spaceId: number): Candidate[] => {
    const key = `${spaceId}:${k}`
    if (radii.get(key) === Infinity) {
      const rows = scanSpace.all(query, spaceId, k + 1)
      if (rows.length <= k) return rows
      radii.delete(key)
    }
    let radius = radii.get(key) ?? Math.round(dimensions * INITIAL_RADIUS)
    let step = dimensions / 32
    for (;;) {
      const rows = nearestBits.all(query, k, spaceId, radius)
      const kth = rows[k - 1]
      if (kth) {
        radii.set(key, kth.distance + dimensions / 128)
        return rows
      }
      if (radius >= dimensions) {
        radii.set(key, Infinity)
        return rows
      }
      radius = Math.min(dimensions, radius + step)
      step *= 2
    }
  }

  const checkLength = (vector: Float32Array) => {
    if (vector.length !== dimensions) {
      throw new Error(`expected a vector of ${dimensions} dimensions, got ${vector.length}`)
    }
  }

  return {
    upsert: db.transaction(
      (spaceId: number, chunks: (Chunk & { vector: Float32Array })[], paths: string[]) => {
        for (const chunk of chunks) checkLength(chunk.vector)
        // A chunk whose path was left out of `paths` still replaces that file's chunks, never duplicates them.
        const replaced = [...new Set([...paths, ...chunks.map((chunk) => chunk.path)])]
        removeIds(spaceId, idsOfPaths.all(spaceId, json(replaced)))
        const space = BigInt(spaceId)
        for (const chunk of chunks) {
          // Stored at unit length so a page's mean is a mean of directions; a zero vector has none and is
          // kept as is (it is never found: its cosine is NULL).
          const vector = blob(unit(chunk.vector) ?? chunk.vector)
          const id = BigInt(insertChunk.run(spaceId, chunk.path, chunk.heading, chunk.text).lastInsertRowid)
          insertVector.run(id, vector)
          insertBits.run(id, space, vector)
        }
      },
    ),

    remove: db.transaction((spaceId: number, paths: string[]) => {
      if (paths.length > 0) removeIds(spaceId, idsOfPaths.all(spaceId, json(paths)))
    }),

    clear: db.transaction((spaceId: number) => {
      const ids = idsOfSpace.all(spaceId)
      for (const id of ids) deleteBits.run(id)
      const list = json(ids)
      deleteVectors.run(list)
      deleteChunks.run(list)
      // Deleting every row frees every vec0 chunk of the space, so no holes are left to count.
      deletedSinceCheck.delete(spaceId)
    }),

    search: (vector, spaceIds, limit) => {
      checkLength(vector)
      const wanted = Math.min(VEC0_MAX_K, Math.floor(limit))
      if (!(wanted > 0) || spaceIds.length === 0 || !unit(vector)) return []
      const query = blob(vector)
      const k = Math.min(
        VEC0_MAX_K,
        Math.max(wanted, Math.min(MAX_CANDIDATES, Math.ceil(wanted * oversample))),
      )
      // One KNN per space, on its own partition: a small space gets its k candidates however big the
      // others are. Keeping the best k of their union then costs what one index of all of them would.
      let candidates: Candidate[] = []
      for (const spaceId of new Set(spaceIds)) candidates.push(...nearestInSpace(query, k, spaceId))
      if (candidates.length > k) candidates = candidates.sort((a, b) => a.distance - b.distance).slice(0, k)
      if (candidates.length === 0) return []
      // A zero vector's cosine is NULL and sorts last: dropping those rows after the LIMIT loses nothing.
      return rescore
        .all(query, json(candidates.map((candidate) => candidate.id)), wanted)
        .filter((hit) => hit.score !== null)
    },

    counts: (spaceId) => counts.get(spaceId) ?? { files: 0, chunks: 0 },

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
  }
}
