import type Database from 'better-sqlite3'
import pg from 'pg'
import type { TextIndex, VectorIndex } from '../ports/search-index.ts'
import type { SpaceQueue } from '../ports/space-queue.ts'
import type { Store } from '../ports/store.ts'
import { postgresLeadership } from './postgres/leader.ts'
import { openPostgres } from './postgres/open-database.ts'
import { enablePgvector } from './postgres/pgvector.ts'
import { postgresSpaceQueue, SPACE_INDEXER_LOCKS, SPACE_WRITER_LOCKS } from './postgres/space-lock.ts'
import { postgresStore } from './postgres/store.ts'
import { postgresTextIndex } from './postgres/text-index.ts'
import { forgetPostgresVectors, postgresVectorIndex } from './postgres/vector-index.ts'
import { openDatabase } from './sqlite/open-database.ts'
import { sqliteStore } from './sqlite/store.ts'
import { sqliteTextIndex } from './sqlite/text-index.ts'
import { forgetSpaceVectors, sqliteVectorIndex } from './sqlite/vector-index.ts'

/** The adapters that live in the database, whichever it is. */
export type DatabaseAdapters = {
  store: Store
  textIndex: TextIndex
  /** The vector index for one embedding size. */
  vectorIndex(dimensions: number): VectorIndex
  forgetVectors(spaceId: number): Promise<void>
  /**
   * Present when several instances may share the database and the repositories: how a space's
   * tasks are serialized across them, and whether this one runs the schedules.
   */
  shared?: {
    /** Serializes a space's Git work (`writers`) or its indexing (`indexers`) across instances too. */
    queue(local: SpaceQueue, kind: 'writers' | 'indexers'): SpaceQueue
    isLeader(): Promise<boolean>
  }
  /** The SQLite handle, for callers that read it directly (tests); absent on PostgreSQL. */
  sqlite?: Database.Database
  close(): Promise<void>
}

/** The embedded database: one SQLite file (migrations applied) and its search tables. */
export function sqliteAdapters(file: string, migrations: string): DatabaseAdapters {
  const { sqlite, db } = openDatabase(file, { migrations })
  return {
    store: sqliteStore(db),
    textIndex: sqliteTextIndex(sqlite),
    // One instance per size and connection, kept by the adapter.
    vectorIndex: (dimensions) => sqliteVectorIndex(sqlite, dimensions),
    forgetVectors: async (spaceId) => forgetSpaceVectors(sqlite, spaceId),
    sqlite,
    close: async () => {
      sqlite.close()
    },
  }
}

/** Most connections a space's writer locks hold at once; a lock keeps its connection while held. */
const LOCK_CONNECTIONS = 32

/**
 * PostgreSQL at `url` (migrations applied under a lock, so instances may start together), with
 * pgvector when the server has it, and what several instances need to share it.
 */
export async function postgresAdapters(url: string, migrations: string): Promise<DatabaseAdapters> {
  const { db, close } = await openPostgres(url, { migrations })
  const pgvector = await enablePgvector(db)
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
    },
    close: async () => {
      await leadership.close()
      await locks.end()
      await close()
    },
  }
}
