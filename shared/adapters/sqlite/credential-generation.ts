import { readOncePerTurn } from '../credential-cache.ts'
import type { Db } from './open-database.ts'

const readers = new WeakMap<Db, () => Promise<number>>()

/**
 * The database's credential generation (see `credentialCache`), read by a statement prepared once,
 * and once a turn of the event loop for every lookup asked during it (`readOncePerTurn`): each read
 * is a read transaction, which cost a request more than the rest of its authentication.
 */
export function credentialGenerationOf(db: Db): () => Promise<number> {
  let reader = readers.get(db)
  if (!reader) {
    // The driver's own statement, without the query builder's row mapping.
    const query = db.$client
      .prepare<[], number>('SELECT value FROM credential_generation WHERE id = 1')
      .pluck()
    reader = readOncePerTurn(() => query.get() ?? 0)
    readers.set(db, reader)
  }
  return reader
}
