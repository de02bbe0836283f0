import { eq } from 'drizzle-orm'
import type { Db } from './open-database.ts'
import { credentialGeneration } from './schema.ts'

/** The database's credential generation (see `credentialCache`), read by a statement prepared once. */
export function credentialGenerationOf(db: Db): () => number {
  const query = db
    .select({ value: credentialGeneration.value })
    .from(credentialGeneration)
    .where(eq(credentialGeneration.id, 1))
    .prepare()
  return () => query.get()?.value ?? 0
}
