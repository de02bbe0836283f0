import pg from 'pg'
import { postgresCollabRelay } from '../adapters/postgres/collab-relay.ts'
import { postgresLeadership } from '../adapters/postgres/leader.ts'
import { openPostgres } from '../adapters/postgres/open-database.ts'
import { enablePgvector } from '../adapters/postgres/pgvector.ts'
import {
  postgresSpaceQueue,
  SPACE_INDEXER_LOCKS,
  SPACE_WRITER_LOCKS,
} from '../adapters/postgres/space-lock.ts'
import { postgresStore } from '../adapters/postgres/store.ts'
import { postgresTextIndex } from '../adapters/postgres/text-index.ts'
import { forgetPostgresVectors, postgresVectorIndex } from '../adapters/postgres/vector-index.ts'
import type { DatabaseAdapters } from './databases.ts'

// Its own module, loaded only when a database URL is given: the PostgreSQL driver and query
// builder are many modules, and loading them would lengthen every start on SQLite (the desktop's).

/** Most connections a space's writer locks hold at once; a lock keeps its connection while held. */
const LOCK_CONNECTIONS = 32

/**
 * PostgreSQL at `url` (migrations applied under a lock, so instances may start together), with
 * pgvector when the server has it, and what several instances need to share it.
 */
export async function postgresAdapters(url: string, migrations: string): Promise<DatabaseAdapters> {
  const { db, pool, close } = await openPostgres(url, { migrations })
  const pgvector = await enablePgvector(db)
  // Listening before the instance serves anyone, so that no other instance's message is missed.
  const relay = await postgresCollabRelay(url, { pool }).catch(async (error: unknown) => {
    await close()
    throw error
  })
  const locks = new pg.Pool({ connectionString: url, max: LOCK_CONNECTIONS })
  // An idle lock connection that breaks (the server restarting) is replaced; it must not end the process.
  locks.on('error', () => {})
  const leadership = postgresLeadership(locks)
  return {
    store: postgresStore(db),
    textIndex: postgresTextIndex(db),
    // One instance per size and database, kept by the adapter.
    vectorIndex: (dimensions) => postgresVectorIndex(db, dimensions, { pgvector }),
    forgetVectors: (spaceId) => forgetPostgresVectors(db, spaceId),
    shared: {
      queue: (local, kind) =>
        postgresSpaceQueue(local, locks, kind === 'writers' ? SPACE_WRITER_LOCKS : SPACE_INDEXER_LOCKS),
      isLeader: leadership.isLeader,
      relay,
    },
    close: async () => {
      // Closed first by whoever composed these; closing again is harmless, and it notifies through the pool.
      await relay.close()
      await leadership.close()
      await locks.end()
      await close()
    },
  }
}
