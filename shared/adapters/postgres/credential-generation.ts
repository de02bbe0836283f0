import { eq } from 'drizzle-orm'
import type { PgDb } from './open-database.ts'
import { credentialGeneration } from './schema.ts'

/** The database's credential generation (see `credentialCache`), read by a statement prepared once. */
export function credentialGenerationOf(db: PgDb): () => Promise<number> {
  const query = db
    .select({ value: credentialGeneration.value })
    .from(credentialGeneration)
    .where(eq(credentialGeneration.id, 1))
    .prepare('quire_credential_generation')
  return async () => (await query.execute())[0]?.value ?? 0
}
