import { eq } from 'drizzle-orm'
import { readOncePerTurn } from '../database/credential-cache.ts'
import { madeOncePer } from '../database/made-once.ts'
import type { PgDb } from './open-database.ts'
import { credentialGeneration } from './schema.ts'

/**
 * The database's credential generation (see `credentialCache`), read by a statement prepared once,
 * and once a turn of the event loop for every lookup asked during it (`readOncePerTurn`): a round
 * trip to the database each.
 */
export const credentialGenerationOf: (db: PgDb) => () => Promise<number> = madeOncePer((db: PgDb) => {
  const query = db
    .select({ value: credentialGeneration.value })
    .from(credentialGeneration)
    .where(eq(credentialGeneration.id, 1))
    .prepare('quire_credential_generation')
  return readOncePerTurn(async () => (await query.execute())[0]?.value ?? 0)
})
