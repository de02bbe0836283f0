import { sql } from 'drizzle-orm'
import { isUnavailable, type PgDb, queryRows } from './open-database.ts'

/**
 * Turns pgvector on in the database if the server has it, and says whether it is on. It is not part of
 * the migrations: many servers lack the package (Debian's does not ship it), and then vectors are
 * scanned in memory instead. The attempt runs in its own transaction (a savepoint inside a caller's),
 * so a refusal leaves the connection and any enclosing transaction usable. A database that cannot be
 * reached is an error, not a "no".
 */
export async function enablePgvector(db: PgDb): Promise<boolean> {
  const found = await queryRows(db, sql`SELECT 1 FROM pg_extension WHERE extname = 'vector'`)
  if (found.length > 0) return true
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`CREATE EXTENSION IF NOT EXISTS vector`)
    })
    return true
  } catch (error) {
    if (isUnavailable(error)) throw error
    return false
  }
}

/**
 * Creates, if missing, the HNSW index for vectors of `dimensions`: over the `real[]` column cast to
 * `vector(n)`, for the rows of that size only, so one table serves every model. pgvector must be on.
 * A query uses it when it orders by the same expression: `vector::vector(n) <=> $1::vector(n)` with
 * `dimensions = n` among its conditions.
 */
export async function createHnswIndex(db: PgDb, dimensions: number): Promise<void> {
  if (!Number.isInteger(dimensions) || dimensions <= 0) {
    throw new Error(`vector dimensions must be a positive integer, not ${dimensions}`)
  }
  await db.execute(
    sql.raw(
      `CREATE INDEX IF NOT EXISTS vector_chunks_hnsw_${dimensions} ON vector_chunks
       USING hnsw ((vector::vector(${dimensions})) vector_cosine_ops) WHERE dimensions = ${dimensions}`,
    ),
  )
}
