import { readOncePerTurn } from '../database/credential-cache.ts'
import { madeOncePer } from '../database/made-once.ts'
import type { Db } from './open-database.ts'

/**
 * The database's credential generation (see `credentialCache`), read by a statement prepared once
 * per connection, and once a turn of the event loop for every lookup asked during it
 * (`readOncePerTurn`): each read is a read transaction, which cost a request more than the rest of
 * its authentication.
 */
export const credentialGenerationOf: (db: Db) => () => Promise<number> = madeOncePer((db: Db) => {
  // The driver's own statement, without the query builder's row mapping.
  const query = db.$client.prepare<[], number>('SELECT value FROM credential_generation WHERE id = 1').pluck()
  return readOncePerTurn(() => query.get() ?? 0)
})
