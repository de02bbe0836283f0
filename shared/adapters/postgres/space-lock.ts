import type pg from 'pg'
import { DomainError } from '../../errors/domain-error.ts'
import type { SpaceQueue } from '../../ports/space-queue.ts'
import { LOCK_NAMESPACE } from './open-database.ts'

/** The first key of the locks that give a space one writer across instances (the second is its id). */
export const SPACE_WRITER_LOCKS = LOCK_NAMESPACE + 1
/** The first key of the locks that give a space's search index one indexer across instances. */
export const SPACE_INDEXER_LOCKS = LOCK_NAMESPACE + 2

/**
 * The SpaceQueue of an instance that shares its database and repositories with others: tasks of a
 * space still run one at a time in this process, and each also holds the space's advisory lock in
 * PostgreSQL from its first read to its push, so two instances never write one space at once. The
 * lock lives on a connection of its own, so an instance that dies (or loses the database) lets go
 * of it at once, and another instance takes the space over.
 *
 * `locks` is a pool used for nothing else: a held lock keeps its connection, and queries must never
 * wait behind locks for one. `kind` names the locks' family (writers, indexers).
 */
export function postgresSpaceQueue(local: SpaceQueue, locks: pg.Pool, kind = SPACE_WRITER_LOCKS): SpaceQueue {
  return {
    run: (spaceId, task) => local.run(spaceId, () => whileLocked(locks, kind, spaceId, task)),
    idle: () => local.idle(),
    close: () => local.close(),
    get closing() {
      return local.closing
    },
  }
}

async function whileLocked<T>(
  locks: pg.Pool,
  kind: number,
  spaceId: number,
  task: () => Promise<T>,
): Promise<T> {
  let client: pg.PoolClient
  try {
    client = await locks.connect()
  } catch {
    throw new DomainError('unavailable', {}, 1)
  }
  let lost: Error | undefined
  // A held connection that breaks emits an error of its own, which would end the process unheard.
  const onLost = (error: Error) => {
    lost = error
  }
  client.on('error', onLost)
  try {
    try {
      await client.query('SELECT pg_advisory_lock($1, $2)', [kind, spaceId])
    } catch {
      lost ??= new Error('the lock could not be taken')
      throw new DomainError('unavailable', {}, 1)
    }
    try {
      return await task()
    } finally {
      if (!lost) {
        await client.query('SELECT pg_advisory_unlock($1, $2)', [kind, spaceId]).catch((error: Error) => {
          lost = error
        })
      }
    }
  } finally {
    client.off('error', onLost)
    // A connection that failed may still hold the lock on the server's side: it is closed, not reused.
    client.release(lost)
  }
}
