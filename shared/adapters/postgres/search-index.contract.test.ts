import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import type { TextIndex, VectorIndex } from '../../ports/search-index.ts'
import type { IndexFixture } from '../../testing/contracts/index-fixture.ts'
import { describeTextIndexContract } from '../../testing/contracts/text-index.contract.ts'
import { describeVectorIndexContract } from '../../testing/contracts/vector-index.contract.ts'
import { describePostgres, freshPglite, freshPostgresDatabase } from '../../testing/postgres.ts'
import { openPostgres, type PgDb, type PostgresConnection, queryRows } from './open-database.ts'
import { enablePgvector } from './pgvector.ts'
import { postgresTextIndex } from './text-index.ts'
import { forgetPostgresVectors, postgresVectorIndex } from './vector-index.ts'

/** An index built on a fresh database; its search tables do not refer to the spaces table, so any ids do. */
async function onFresh<Index>(
  open: () => Promise<PostgresConnection>,
  build: (db: PgDb) => Index | Promise<Index>,
): Promise<IndexFixture<Index>> {
  const connection = await open()
  return { index: await build(connection.db), spaces: [1, 2], close: () => connection.close() }
}

describePostgres('PostgreSQL', () => {
  describeTextIndexContract('PostgreSQL tsvector', () =>
    onFresh<TextIndex>(freshPostgresDatabase, postgresTextIndex),
  )
  describeVectorIndexContract('PostgreSQL without pgvector', (dimensions) =>
    onFresh<VectorIndex>(freshPostgresDatabase, async (db) => {
      // Debian's server has no pgvector: this is the path that scans vectors in memory.
      expect(await enablePgvector(db)).toBe(false)
      return postgresVectorIndex(db, dimensions, { pgvector: false })
    }),
  )
})

describeTextIndexContract('PGlite tsvector', () => onFresh<TextIndex>(freshPglite, postgresTextIndex))
describeVectorIndexContract('PGlite with pgvector', (dimensions) =>
  onFresh<VectorIndex>(freshPglite, async (db) => {
    expect(await enablePgvector(db)).toBe(true)
    return postgresVectorIndex(db, dimensions, { pgvector: true })
  }),
)

const DIMENSIONS = 16

/** A unit vector along `axis`, leaning by `lean` towards the next axis. */
function along(axis: number, lean = 0): Float32Array {
  const vector = new Float32Array(DIMENSIONS)
  vector[axis] = 1
  vector[(axis + 1) % DIMENSIONS] = lean
  const length = Math.hypot(...vector)
  return vector.map((v) => v / length)
}

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0
  for (let i = 0; i < a.length; i++) dot += a[i]! * b[i]!
  return dot / (Math.hypot(...a) * Math.hypot(...b))
}

/** Numbers in [0, 1) from a seed, the same every run. */
function seeded(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31
    return state / 2 ** 31
  }
}

const chunk = (path: string, vector: Float32Array) => ({ path, heading: path, text: path, vector })

const cleanup: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step()
})

describePostgres('vectors in memory on PostgreSQL', () => {
  it('finds what another instance wrote and forgets what it removed, though its copy was already read', async () => {
    const first = await freshPostgresDatabase()
    cleanup.push(first.close)
    const second = await openPostgres(first.url)
    cleanup.push(second.close)
    const writer = postgresVectorIndex(first.db, DIMENSIONS, { pgvector: false })
    const reader = postgresVectorIndex(second.db, DIMENSIONS, { pgvector: false })

    await writer.forSpace(1).upsert([chunk('old.md', along(2))], ['old.md'])
    expect((await reader.search(along(5), [1], 5)).map((h) => h.path)).toEqual(['old.md'])

    await writer.forSpace(1).upsert([chunk('new.md', along(5))], ['new.md'])
    expect((await reader.search(along(5), [1], 5)).map((h) => h.path)).toEqual(['new.md', 'old.md'])

    await writer.forSpace(1).remove(['new.md'])
    expect((await reader.search(along(5), [1], 5)).map((h) => h.path)).toEqual(['old.md'])

    await forgetPostgresVectors(first.db, 1)
    expect(await reader.search(along(2), [1], 5)).toEqual([])
  })
})

describe('vectors with pgvector on PGlite', () => {
  async function pgvectorIndex(dimensions = DIMENSIONS) {
    const { db, close } = await freshPglite()
    cleanup.push(close)
    expect(await enablePgvector(db)).toBe(true)
    return { db, index: postgresVectorIndex(db, dimensions, { pgvector: true }) }
  }

  it('finds the chunks of smaller spaces beside a big space whose chunks are all closer', async () => {
    const { db } = await pgvectorIndex()
    // Spaces of more than 100 chunks together go through the HNSW graph here, as bigger ones do by default.
    const index = postgresVectorIndex(db, DIMENSIONS, { pgvector: true, exactScanMax: 100 })
    const random = seeded(7)
    const leaning = (axis: number, others: number[], most: number) => {
      const vector = new Float32Array(DIMENSIONS)
      vector[axis] = 1
      for (const other of others) vector[other] = random() * most
      return vector
    }
    const big = Array.from({ length: 1500 }, (_, i) => chunk(`big/${i}.md`, leaning(0, [1, 2, 3, 4, 5], 0.3)))
    const medium = Array.from({ length: 150 }, (_, i) => chunk(`medium/${i}.md`, leaning(15, [0, 14], 0.5)))
    await index.forSpace(1).upsert(big, [])
    await index.forSpace(3).upsert(medium, [])
    await index.forSpace(2).upsert([chunk('a.md', along(15, 0.5)), chunk('b.md', along(15, 0.2))], [])
    await db.execute(sql`ANALYZE vector_chunks`)

    // Every one of the big space's chunks is closer than the medium space's best.
    const closest = [...medium]
      .sort((x, y) => cosine(y.vector, along(0)) - cosine(x.vector, along(0)))
      .slice(0, 5)
      .map((c) => c.path)
    expect((await index.search(along(0), [3], 5)).map((h) => h.path)).toEqual(closest)
    // The other way round: the medium space's chunks are the closest, and only the big space is asked.
    const towards = leaning(15, [], 0)
    towards[1] = 0.3
    const closestBig = [...big]
      .sort((x, y) => cosine(y.vector, towards) - cosine(x.vector, towards))
      .slice(0, 20)
      .map((c) => c.path)
    // HNSW is approximate: most of the exact top 20 is asked, none of the other space's chunks.
    const found = await index.search(towards, [1], 20)
    expect(found).toHaveLength(20)
    expect(found.every((h) => h.spaceId === 1)).toBe(true)
    expect(found.filter((h) => closestBig.includes(h.path)).length).toBeGreaterThanOrEqual(16)
    expect((await index.search(along(0), [2], 5)).map((h) => [h.spaceId, h.path])).toEqual([
      [2, 'a.md'],
      [2, 'b.md'],
    ])
    expect((await index.search(along(15), [1, 2], 2)).map((h) => h.path)).toEqual(['b.md', 'a.md'])
    expect((await index.search(along(0), [1, 2, 3], 3)).every((h) => h.spaceId === 1)).toBe(true)
  })

  it('forgets a space’s vectors of every size', async () => {
    const { db, index } = await pgvectorIndex()
    const wide = postgresVectorIndex(db, 32, { pgvector: true })
    await index.forSpace(1).upsert([chunk('a.md', along(1))], ['a.md'])
    await wide.forSpace(1).upsert([chunk('a.md', new Float32Array(32).fill(1))], ['a.md'])
    await index.forSpace(2).upsert([chunk('a.md', along(1))], ['a.md'])

    await forgetPostgresVectors(db, 1)
    expect(await index.forSpace(1).counts()).toEqual({ files: 0, chunks: 0 })
    expect(await wide.forSpace(1).counts()).toEqual({ files: 0, chunks: 0 })
    expect(await index.forSpace(2).counts()).toEqual({ files: 1, chunks: 1 })
    const [left] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM vector_chunks`)
    expect(left!.n).toBe(1)
  })
})
