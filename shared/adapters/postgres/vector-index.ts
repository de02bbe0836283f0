/**
 * Search by meaning in PostgreSQL. Every chunk is a row of `vector_chunks`, its vector a `real[]` stored at
 * unit length. With pgvector, a search is one query ordered by cosine distance over an HNSW index per
 * size; without it, each space's vectors are read into memory once and scanned exactly, the copy checked
 * against the space's row of `vector_versions` before each search so that writes by another instance
 * are seen.
 */

import { randomInt } from 'node:crypto'
import { type SQL, sql } from 'drizzle-orm'
import { unit } from '../../domain/search/unit-vector.ts'
import type { Chunk, VectorHit, VectorIndex } from '../../ports/search-index.ts'
import { type FlatVectorIndex, vectorIndexOf } from '../database/space-scope.ts'
import { floatsOfArraySend } from './array-send.ts'
import { type PgDb, queryRows } from './open-database.ts'
import { createHnswIndex } from './pgvector.ts'
import { intArray } from './sql-values.ts'
import { type Flat, flatten, nearestInMemory } from './vectors-in-memory.ts'

/** Most dimensions pgvector's HNSW index takes for `vector`; larger vectors are searched exactly. */
const HNSW_MAX_DIMENSIONS = 2000
// The HNSW scan keeps this many candidates at least, and twice the results asked for (pgvector's default
// of 40 lost a tenth of the exact top 20 on test data); pgvector's ceiling is 1000.
const MIN_EF_SEARCH = 100
const MAX_EF_SEARCH = 1000
// Spaces holding this many chunks between them are scanned exactly rather than through the HNSW graph:
// quick at that size, and a small space is never missed because the walk met only a big one's rows.
const EXACT_SCAN_MAX = 2_000

type Options = {
  /** Whether pgvector is on in the database (see enablePgvector). */
  pgvector: boolean
  /** Most chunks, all spaces of a search together, scanned exactly instead of through HNSW. */
  exactScanMax?: number
}

/** A chunk as kept in memory: its vector at unit length, or undefined when it has no direction. */
type Entry = { heading: string; vector: Float32Array | undefined }

/**
 * A space's vectors in memory, by path, as of the version they were read or written at; `flat` is the
 * same laid out for scanning, made at the first search after a change.
 */
type Copy = { version: number; pages: Map<string, Entry[]>; flat?: Flat }

/** The vector as pgvector's text form, `[1,2,3]`. */
const vectorText = (vector: Float32Array) => `[${Array.from(vector).join(',')}]`

// Callers ask for the index of a size at each use: one instance per database and size keeps the copies
// in memory across calls.
const instances = new WeakMap<PgDb, Map<string, VectorIndex>>()

/** The vector index for vectors of `dimensions`, over pgvector when it is on, else scanned in memory. */
export function postgresVectorIndex(db: PgDb, dimensions: number, options: Options): VectorIndex {
  if (!Number.isInteger(dimensions) || dimensions <= 0) {
    throw new Error(`vector dimensions must be a positive integer, not ${dimensions}`)
  }
  const key = `${dimensions}:${options.pgvector}:${options.exactScanMax ?? EXACT_SCAN_MAX}`
  const known = instances.get(db) ?? new Map<string, VectorIndex>()
  instances.set(db, known)
  const found = known.get(key)
  if (found) return found
  const made = vectorIndexOf(
    createIndex(db, dimensions, options.pgvector, options.exactScanMax ?? EXACT_SCAN_MAX),
  )
  known.set(key, made)
  return made
}

/**
 * Removes a space's vectors of every size, whichever model made them, and changes their versions so
 * that every instance's copies in memory are read again.
 */
export async function forgetPostgresVectors(db: PgDb, spaceId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM vector_chunks WHERE space_id = ${spaceId}`)
    await tx.execute(
      sql`UPDATE vector_versions SET version = floor(random() * 140737488355327)::bigint + 1
          WHERE space_id = ${spaceId}`,
    )
  })
}

type Row = { spaceId: number; path: string; heading: string; distance: number }

function createIndex(db: PgDb, dimensions: number, pgvector: boolean, exactScanMax: number): FlatVectorIndex {
  const hnsw = pgvector && dimensions <= HNSW_MAX_DIMENSIONS
  // The type modifier cannot be a parameter; it is an integer checked above.
  const asVector = sql.raw(`::vector(${dimensions})`)
  const column = sql`vector_chunks.vector${asVector}`

  let indexReady: Promise<boolean> | undefined
  /** Creates the HNSW index once, and learns whether pgvector can keep scanning past filtered rows. */
  const ready = () => {
    indexReady ??= (async () => {
      if (!hnsw) return false
      await createHnswIndex(db, dimensions)
      const [row] = await queryRows<{ version: string }>(
        db,
        sql`SELECT extversion AS version FROM pg_extension WHERE extname = 'vector'`,
      )
      const [major = 0, minor = 0] = (row?.version ?? '0').split('.').map(Number)
      return major > 0 || minor >= 8
    })().catch((error) => {
      indexReady = undefined
      throw error
    })
    return indexReady
  }

  const copies = new Map<number, Copy>()

  const checkLength = (vector: Float32Array) => {
    if (vector.length !== dimensions) {
      throw new Error(`expected a vector of ${dimensions} dimensions, got ${vector.length}`)
    }
  }

  /**
   * Runs a write of a space's vectors in a transaction that locks the space's version row and gives it a
   * new version, then brings the copy in memory along with `apply`. A copy that was already behind
   * (another instance wrote) is dropped instead, to be read whole when next searched. The version is
   * random rather than counted: a rolled-back write must not leave a copy whose version the next reuses.
   */
  const write = async (spaceId: number, work: (tx: PgDb) => Promise<void>, apply: (copy: Copy) => void) => {
    if (hnsw) await ready()
    const after = randomInt(1, 2 ** 47)
    const before = await db.transaction(async (tx) => {
      // Takes the row's lock (creating it at 0), answering the version it had.
      const [row] = await queryRows<{ version: string | number }>(
        tx,
        sql`INSERT INTO vector_versions (space_id, dimensions, version) VALUES (${spaceId}, ${dimensions}, 0)
            ON CONFLICT (space_id, dimensions) DO UPDATE SET version = vector_versions.version
            RETURNING version`,
      )
      await work(tx)
      await tx.execute(
        sql`UPDATE vector_versions SET version = ${after}
            WHERE space_id = ${spaceId} AND dimensions = ${dimensions}`,
      )
      return Number(row?.version ?? 0)
    })
    const copy = copies.get(spaceId)
    if (!copy) return
    if (copy.version !== before) {
      copies.delete(spaceId)
      return
    }
    apply(copy)
    copy.flat = undefined
    copy.version = after
  }

  const deletePaths = (tx: PgDb, spaceId: number, paths: string[]) =>
    tx.execute(sql`
      DELETE FROM vector_chunks
      WHERE space_id = ${spaceId} AND dimensions = ${dimensions}
        AND path IN (SELECT json_array_elements_text(${JSON.stringify(paths)}::json))`)

  /** The spaces' copies in memory, each read again when its version in the database has moved. */
  const copiesOf = async (spaceIds: number[]): Promise<[number, Copy][]> => {
    // The versions are read before the rows: rows newer than their version only cause one more read.
    const rows = await queryRows<{ spaceId: number; version: string | number }>(
      db,
      sql`SELECT space_id AS "spaceId", version FROM vector_versions
          WHERE dimensions = ${dimensions} AND space_id = ANY(${intArray(spaceIds)})`,
    )
    const versions = new Map(rows.map((r) => [r.spaceId, Number(r.version)]))
    return Promise.all(
      spaceIds.map(async (spaceId): Promise<[number, Copy]> => {
        const version = versions.get(spaceId) ?? 0
        const known = copies.get(spaceId)
        if (known?.version === version) return [spaceId, known]
        const chunks = await queryRows<{ path: string; heading: string; vector: Uint8Array }>(
          db,
          sql`SELECT path, heading, array_send(vector) AS vector FROM vector_chunks
              WHERE space_id = ${spaceId} AND dimensions = ${dimensions} ORDER BY path, chunk`,
        )
        const pages = new Map<string, Entry[]>()
        for (const c of chunks) {
          const entries = pages.get(c.path) ?? []
          entries.push({ heading: c.heading, vector: unit(floatsOfArraySend(c.vector)) })
          pages.set(c.path, entries)
        }
        const copy = { version, pages }
        copies.set(spaceId, copy)
        return [spaceId, copy]
      }),
    )
  }

  /** The closest chunks by cosine among the spaces' copies in memory. */
  const scanInMemory = async (query: Float32Array, spaceIds: number[], wanted: number) =>
    nearestInMemory(
      (await copiesOf(spaceIds)).map(([spaceId, copy]) => {
        copy.flat ??= flatten(copy.pages, dimensions)
        return { spaceId, flat: copy.flat }
      }),
      query,
      wanted,
    )

  /** The closest chunks by cosine distance in PostgreSQL: `exact` orders by an expression no index has. */
  const searchInDatabase = async (
    query: Float32Array,
    spaceIds: number[],
    wanted: number,
    exact: boolean,
  ) => {
    const distance = sql`(${column} <=> ${vectorText(query)}${asVector})`
    const select = (order: SQL) => sql`
      SELECT space_id AS "spaceId", path, heading, ${distance} AS distance FROM vector_chunks
      WHERE dimensions = ${dimensions} AND space_id = ANY(${intArray(spaceIds)})
      ORDER BY ${order}, space_id, path, chunk
      LIMIT ${wanted}`
    if (exact) return queryRows<Row>(db, select(sql`${distance} + 0`))
    const iterative = await ready()
    return db.transaction(async (tx) => {
      // HNSW finds ef_search candidates, then the space filter drops others' rows: with iterative scans
      // (pgvector 0.8) it goes on finding more until the limit is met, in exact order of distance.
      await tx.execute(
        sql.raw(`SET LOCAL hnsw.ef_search = ${Math.min(MAX_EF_SEARCH, Math.max(MIN_EF_SEARCH, 2 * wanted))}`),
      )
      if (iterative) await tx.execute(sql`SET LOCAL hnsw.iterative_scan = strict_order`)
      // The index is only used when ordering by its expression alone.
      return queryRows<Row>(
        tx,
        sql`SELECT space_id AS "spaceId", path, heading, ${distance} AS distance FROM vector_chunks
            WHERE dimensions = ${dimensions} AND space_id = ANY(${intArray(spaceIds)})
            ORDER BY ${distance}
            LIMIT ${wanted}`,
      )
    })
  }

  /**
   * The spaces to scan exactly (the smallest, as long as their chunks together stay under the limit) and
   * those to search through the HNSW graph, with how many chunks the latter hold.
   */
  const splitBySize = async (spaceIds: number[]) => {
    const rows = await queryRows<{ spaceId: number; chunks: number }>(
      db,
      sql`SELECT space_id AS "spaceId", count(*)::int AS chunks FROM vector_chunks
          WHERE dimensions = ${dimensions} AND space_id = ANY(${intArray(spaceIds)})
          GROUP BY space_id ORDER BY chunks`,
    )
    const small: number[] = []
    const large: number[] = []
    let exactChunks = 0
    let largeChunks = 0
    for (const { spaceId, chunks } of rows) {
      if (exactChunks + chunks <= exactScanMax) {
        exactChunks += chunks
        small.push(spaceId)
      } else {
        largeChunks += chunks
        large.push(spaceId)
      }
    }
    return { small, large, largeChunks }
  }

  const hitsOf = (rows: Row[]): VectorHit[] =>
    // A zero vector's distance is NaN: it has no direction to be close to.
    rows
      .filter((r) => Number.isFinite(Number(r.distance)))
      .map((r) => ({ spaceId: r.spaceId, path: r.path, heading: r.heading, score: 1 - Number(r.distance) }))

  return {
    upsert: async (spaceId, chunks: (Chunk & { vector: Float32Array })[], paths) => {
      for (const chunk of chunks) checkLength(chunk.vector)
      // A chunk whose path was left out of `paths` still replaces that file's chunks, never duplicates them.
      const replaced = [...new Set([...paths, ...chunks.map((chunk) => chunk.path)])]
      const pages = new Map<string, Entry[]>()
      const rows = chunks.map((chunk) => {
        const entries = pages.get(chunk.path) ?? []
        pages.set(chunk.path, entries)
        // Stored at unit length so a page's mean is a mean of directions; a zero vector has none and is
        // kept as is (it is never found).
        const direction = unit(chunk.vector)
        entries.push({ heading: chunk.heading, vector: direction })
        return {
          path: chunk.path,
          chunk: entries.length - 1,
          heading: chunk.heading,
          text: chunk.text,
          vector: Array.from(direction ?? chunk.vector),
        }
      })
      await write(
        spaceId,
        async (tx) => {
          if (replaced.length > 0) await deletePaths(tx, spaceId, replaced)
          if (rows.length === 0) return
          await tx.execute(sql`
            INSERT INTO vector_chunks (space_id, dimensions, path, chunk, heading, text, vector)
            SELECT ${spaceId}, ${dimensions}, path, chunk, heading, text, vector
            FROM json_to_recordset(${JSON.stringify(rows)}::json)
              AS c(path text, chunk int, heading text, text text, vector real[])`)
        },
        (copy) => {
          for (const path of replaced) copy.pages.delete(path)
          for (const [path, entries] of pages) copy.pages.set(path, entries)
        },
      )
    },

    remove: async (spaceId, paths) => {
      if (paths.length === 0) return
      await write(
        spaceId,
        (tx) => deletePaths(tx, spaceId, paths).then(() => {}),
        (copy) => {
          for (const path of paths) copy.pages.delete(path)
        },
      )
    },

    clear: async (spaceId) => {
      await write(
        spaceId,
        async (tx) => {
          await tx.execute(
            sql`DELETE FROM vector_chunks WHERE space_id = ${spaceId} AND dimensions = ${dimensions}`,
          )
        },
        (copy) => copy.pages.clear(),
      )
    },

    search: async (vector, spaceIds, limit) => {
      checkLength(vector)
      const wanted = Math.floor(limit)
      const query = unit(vector)
      const spaces = [...new Set(spaceIds)]
      if (!(wanted > 0) || spaces.length === 0 || !query) return []
      if (!pgvector) return scanInMemory(query, spaces, wanted)
      if (!hnsw) return hitsOf(await searchInDatabase(query, spaces, wanted, true))
      const { small, large, largeChunks } = await splitBySize(spaces)
      const [exact, approximate] = await Promise.all([
        small.length > 0 ? searchInDatabase(query, small, wanted, true) : [],
        large.length > 0 ? searchInDatabase(query, large, wanted, false) : [],
      ])
      let found = hitsOf(approximate)
      // Fewer than the large spaces could give: the graph walk gave up before finding enough of their rows
      // among others'. An exact scan of their rows answers in full.
      if (found.length < Math.min(wanted, largeChunks)) {
        found = hitsOf(await searchInDatabase(query, large, wanted, true))
      }
      return [...hitsOf(exact), ...found].sort((a, b) => b.score - a.score).slice(0, wanted)
    },

    counts: async (spaceId) => {
      const [row] = await queryRows<{ files: number; chunks: number }>(
        db,
        sql`SELECT count(DISTINCT path)::int AS files, count(*)::int AS chunks FROM vector_chunks
            WHERE space_id = ${spaceId} AND dimensions = ${dimensions}`,
      )
      return { files: row?.files ?? 0, chunks: row?.chunks ?? 0 }
    },

    paths: async (spaceId) => {
      const rows = await queryRows<{ path: string }>(
        db,
        sql`SELECT DISTINCT path FROM vector_chunks WHERE space_id = ${spaceId} AND dimensions = ${dimensions}`,
      )
      return rows.map((row) => row.path)
    },

    pageVector: async (spaceId, path) => {
      const rows = await queryRows<{ vector: Uint8Array }>(
        db,
        sql`SELECT array_send(vector) AS vector FROM vector_chunks
            WHERE space_id = ${spaceId} AND dimensions = ${dimensions} AND path = ${path}`,
      )
      if (rows.length === 0) return undefined
      const mean = new Float32Array(dimensions)
      for (const row of rows) {
        const vector = floatsOfArraySend(row.vector)
        for (let i = 0; i < dimensions; i++) mean[i] = mean[i]! + (vector[i] ?? 0)
      }
      // Chunks pointing opposite ways cancel out: such a page has no overall direction to compare.
      return unit(mean)
    },

    chunkVectors: async (spaceId, path) => {
      const rows = await queryRows<{ vector: Uint8Array }>(
        db,
        sql`SELECT array_send(vector) AS vector FROM vector_chunks
            WHERE space_id = ${spaceId} AND dimensions = ${dimensions} AND path = ${path}
            ORDER BY chunk`,
      )
      return rows.map((row) => floatsOfArraySend(row.vector))
    },
  }
}
