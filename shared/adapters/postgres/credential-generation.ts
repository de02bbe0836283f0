import { eq } from 'drizzle-orm'
import { readOncePerTurn } from '../credential-cache.ts'
import type { PgDb } from './open-database.ts'
import { credentialGeneration } from './schema.ts'

const readers = new WeakMap<PgDb, () => Promise<number>>()

/**
 * The database's credential generation (see `credentialCache`), read by a statement prepared once,
 * and once a turn of the event loop for every lookup asked during it (`readOncePerTurn`): a round
 * trip to the database each.
 */
export function credentialGenerationOf(db: PgDb): () => Promise<number> {
  let reader = readers.get(db)
  if (!reader) {
    const query = db
      .select({ value: credentialGeneration.value })
      .from(credentialGeneration)
      .where(eq(credentialGeneration.id, 1))
      .prepare('quire_credential_generation')
    reader = readOncePerTurn(async () => (await query.execute())[0]?.value ?? 0)
    readers.set(db, reader)
  }
  return reader
}
