/**
 * The tables of the vector index for one size of vectors, and the exact rescoring of a search's
 * candidates, which the index runs on its connection and the scanning thread (bit-scan.ts) on its own.
 */
import type Database from 'better-sqlite3'
import * as sqliteVec from 'sqlite-vec'
import type { VectorHit } from '../../ports/search-index.ts'

export type Tables = { chunks: string; vectors: string; bits: string; versions: string }

export const CHUNKS_TABLE = 'vector_chunks_'

/** The table names for one dimension, so a model of another size gets its own tables. */
export function vectorTables(dimensions: number): Tables {
  return {
    chunks: `${CHUNKS_TABLE}${dimensions}`,
    vectors: `vector_floats_${dimensions}`,
    bits: `vector_bits_${dimensions}`,
    versions: `vector_versions_${dimensions}`,
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
export function blob(vector: Float32Array): Buffer {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength)
}

/** A blob from SQLite as a float vector: a copy, since a blob may start at any byte offset and a view needs 4. */
export function floats(data: Buffer): Float32Array {
  return new Float32Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength))
}

/**
 * The exact cosines of `candidates` (chunk ids) with `vector`, the best `wanted` first, read on `db`
 * (sqlite-vec loaded, the tables of `dimensions` present).
 */
export function rescorer(
  db: Database.Database,
  dimensions: number,
): (vector: Float32Array, candidates: number[], wanted: number) => VectorHit[] {
  const t = vectorTables(dimensions)
  const rescore = db.prepare<[Buffer, string, number], VectorHit>(
    `SELECT c.space_id AS spaceId, c.path, c.heading, 1 - vec_distance_cosine(v.vector, ?) AS score
     FROM json_each(?) j
     JOIN ${t.vectors} v ON v.id = j.value
     JOIN ${t.chunks} c ON c.id = v.id
     ORDER BY score DESC, c.id
     LIMIT ?`,
  )
  return (vector, candidates, wanted) => {
    if (candidates.length === 0) return []
    // A zero vector's cosine is NULL and sorts last: dropping those rows after the LIMIT loses nothing.
    return rescore.all(blob(vector), JSON.stringify(candidates), wanted).filter((hit) => hit.score !== null)
  }
}
