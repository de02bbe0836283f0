import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs'
import { dirname } from 'node:path'
import Database from 'better-sqlite3'
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3'
import { migrate } from 'drizzle-orm/better-sqlite3/migrator'
import { refuseNewerDatabase } from '../database/newer-database.ts'
import { resourcePaths } from '../node/resource-paths.ts'
import * as schema from './schema.ts'

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database }

/** How long a writer waits for another connection's lock before the request reports `unavailable`. */
export const BUSY_TIMEOUT_MS = 5_000

/**
 * Makes the database file and its `-wal`, `-shm` and `-journal` companions readable by the owner
 * only, creating the folder (owner-only) and the file when missing: they hold password hashes,
 * session and token digests and page text. SQLite gives companions it creates the file's mode.
 */
function keepPrivate(file: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 })
  closeSync(openSync(file, 'a', 0o600))
  for (const name of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) {
    try {
      chmodSync(name, 0o600)
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'ENOENT') throw error
    }
  }
}

/**
 * Opens (creating if needed) the database file, applies pending migrations (from `migrations`, by
 * default those of the source tree), and returns both handles.
 */
export function openDatabase(
  file: string,
  { migrations = resourcePaths().migrations }: { migrations?: string } = {},
): { sqlite: Database.Database; db: Db } {
  if (file !== ':memory:') keepPrivate(file)
  const sqlite = new Database(file)
  sqlite.pragma('journal_mode = WAL')
  // FULL: a committed transaction is on disk before the request that made it is answered, so an
  // acknowledged account, token or setting survives a power cut too (NORMAL only survives a crash).
  sqlite.pragma('synchronous = FULL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`)
  const db = drizzle(sqlite, { schema })
  try {
    refuseNewerDatabase(appliedUpTo(sqlite), migrations)
  } catch (error) {
    sqlite.close()
    throw error
  }
  migrate(db, { migrationsFolder: migrations })
  return { sqlite, db }
}

/** When the newest migration applied to the database was made; undefined for a new database. */
function appliedUpTo(sqlite: Database.Database): number | undefined {
  try {
    const row = sqlite.prepare('select max(created_at) as at from __drizzle_migrations').get() as
      | { at: number | null }
      | undefined
    return row?.at ?? undefined
  } catch {
    // No migrations table yet: a database made now.
    return undefined
  }
}

/** Whether an error means the database is busy or locked (to report as `unavailable`, not a 500). */
export function isBusyError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED' || code === 'SQLITE_BUSY_SNAPSHOT'
}
