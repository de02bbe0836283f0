import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3'
import { migrate } from 'drizzle-orm/better-sqlite3/migrator'
import * as schema from './schema.ts'

export type Db = BetterSQLite3Database<typeof schema>

const MIGRATIONS = join(dirname(fileURLToPath(import.meta.url)), 'migrations')

/** How long a writer waits for another connection's lock before the request reports `unavailable`. */
export const BUSY_TIMEOUT_MS = 5_000

/** Opens (creating if needed) the database file, applies pending migrations, and returns both handles. */
export function openDatabase(file: string): { sqlite: Database.Database; db: Db } {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true })
  const sqlite = new Database(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`)
  const db = drizzle(sqlite, { schema })
  migrate(db, { migrationsFolder: MIGRATIONS })
  return { sqlite, db }
}

/** Whether an error means the database is busy or locked (to report as `unavailable`, not a 500). */
export function isBusyError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED' || code === 'SQLITE_BUSY_SNAPSHOT'
}
