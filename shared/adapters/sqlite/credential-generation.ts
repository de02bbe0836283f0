import type { Db } from './open-database.ts'

/** The database's credential generation (see `credentialCache`), read by a statement prepared once. */
export function credentialGenerationOf(db: Db): () => number {
  // Read on every request: the driver's own statement, without the query builder's row mapping.
  const query = db.$client.prepare<[], number>('SELECT value FROM credential_generation WHERE id = 1').pluck()
  return () => query.get() ?? 0
}
