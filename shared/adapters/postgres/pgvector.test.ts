import { sql } from 'drizzle-orm'
import { afterEach, expect, it } from 'vitest'
import { describePostgres, freshPglite, freshPostgresDatabase } from '../../testing/postgres.ts'
import { type PgDb, queryRows } from './open-database.ts'
import { createHnswIndex, enablePgvector } from './pgvector.ts'
import { vectorChunks } from './schema.ts'

const cleanup: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step()
})

const chunk = { spaceId: 1, heading: '', text: '' }

async function nearest(db: PgDb, vector: number[]): Promise<string[]> {
  const target = `[${vector.join(',')}]`
  const rows = await queryRows<{ path: string }>(
    db,
    sql`SELECT path FROM vector_chunks WHERE dimensions = 3
        ORDER BY vector::vector(3) <=> ${target}::vector(3) LIMIT 2`,
  )
  return rows.map((r) => r.path)
}

it('turns pgvector on in PGlite, and its HNSW index answers cosine queries over the stored vectors', async () => {
  const { db, close } = await freshPglite()
  cleanup.push(close)
  expect(await enablePgvector(db)).toBe(true)
  expect(await enablePgvector(db)).toBe(true)
  await createHnswIndex(db, 3)
  await db.insert(vectorChunks).values([
    { ...chunk, dimensions: 3, path: 'east.md', chunk: 0, vector: [1, 0, 0] },
    { ...chunk, dimensions: 3, path: 'north.md', chunk: 0, vector: [0, 1, 0] },
    { ...chunk, dimensions: 3, path: 'up.md', chunk: 0, vector: [0, 0, 1] },
    { ...chunk, dimensions: 4, path: 'other-model.md', chunk: 0, vector: [1, 0, 0, 0] },
  ])
  expect(await nearest(db, [0.9, 0.2, 0])).toEqual(['east.md', 'north.md'])
  // PGlite has one connection, so the setting stays for the next query: the index must serve it.
  await db.execute(sql`SET enable_seqscan = off`)
  const plan = await queryRows<{ 'QUERY PLAN': string }>(
    db,
    sql`EXPLAIN SELECT path FROM vector_chunks WHERE dimensions = 3
        ORDER BY vector::vector(3) <=> '[0,0,1]'::vector(3) LIMIT 2`,
  )
  expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain('vector_chunks_hnsw_3')
  expect(await nearest(db, [0, 0.1, 1])).toEqual(['up.md', 'north.md'])
})

describePostgres('pgvector on a server without it', () => {
  it('says no, and the connection and the transaction it was tried in go on', async () => {
    const { db, close, ping } = await freshPostgresDatabase()
    cleanup.push(close)
    expect(await enablePgvector(db)).toBe(false)
    await ping()
    await db.transaction(async (tx) => {
      await tx
        .insert(vectorChunks)
        .values({ ...chunk, dimensions: 3, path: 'a.md', chunk: 0, vector: [1, 0, 0] })
      expect(await enablePgvector(tx)).toBe(false)
      await tx
        .insert(vectorChunks)
        .values({ ...chunk, dimensions: 3, path: 'b.md', chunk: 0, vector: [0, 1, 0] })
    })
    const rows = await db.select({ path: vectorChunks.path, vector: vectorChunks.vector }).from(vectorChunks)
    expect(rows.sort((a, b) => a.path.localeCompare(b.path))).toEqual([
      { path: 'a.md', vector: [1, 0, 0] },
      { path: 'b.md', vector: [0, 1, 0] },
    ])
  })
})
