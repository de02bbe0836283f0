import type Database from 'better-sqlite3'
import { type BitScanner, inThreadScanner, threadedScanner } from '../adapters/sqlite/bit-scan.ts'
import { openDatabase } from '../adapters/sqlite/open-database.ts'
import { sqliteStore } from '../adapters/sqlite/store.ts'
import { sqliteTextIndex } from '../adapters/sqlite/text-index.ts'
import { forgetSpaceVectors, sqliteVectorIndex } from '../adapters/sqlite/vector-index.ts'
import type { CollabRelay } from '../ports/collab-relay.ts'
import type { TextIndex, VectorIndex } from '../ports/search-index.ts'
import type { SpaceQueue } from '../ports/space-queue.ts'
import type { Store } from '../ports/store.ts'

/** The adapters that live in the database, whichever it is. */
export type DatabaseAdapters = {
  store: Store
  textIndex: TextIndex
  /** The vector index for one embedding size. */
  vectorIndex(dimensions: number): VectorIndex
  forgetVectors(spaceId: number): Promise<void>
  /**
   * Present when several instances may share the database and the repositories: how a space's
   * tasks are serialized across them, whether this one runs the schedules, and how live sessions
   * on different instances hear of each other.
   */
  shared?: {
    /** Serializes a space's Git work (`writers`) or its indexing (`indexers`) across instances too. */
    queue(local: SpaceQueue, kind: 'writers' | 'indexers'): SpaceQueue
    isLeader(): Promise<boolean>
    /** Tells the other instances about live editing; whoever composes the adapters closes it first. */
    relay: CollabRelay
  }
  /** The SQLite handle, for callers that read it directly (tests); absent on PostgreSQL. */
  sqlite?: Database.Database
  close(): Promise<void>
}

/**
 * The embedded database: one SQLite file (migrations applied) and its search tables. With
 * `scanWorker`, a search by meaning over a large space is scanned and rescored in a thread of its own.
 */
export function sqliteAdapters(
  file: string,
  migrations: string,
  scanWorker?: URL | string,
): DatabaseAdapters {
  const { sqlite, db } = openDatabase(file, { migrations })
  const scanner: BitScanner = scanWorker ? threadedScanner(scanWorker) : inThreadScanner
  return {
    store: sqliteStore(db),
    textIndex: sqliteTextIndex(sqlite),
    // One instance per size and connection, kept by the adapter.
    vectorIndex: (dimensions) => sqliteVectorIndex(sqlite, dimensions, { scanner }),
    forgetVectors: async (spaceId) => forgetSpaceVectors(sqlite, spaceId),
    sqlite,
    close: async () => {
      await scanner.close()
      sqlite.close()
    },
  }
}
