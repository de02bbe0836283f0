import type { PGlite } from '@electric-sql/pglite'
import type { SQL } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { refuseNewerDatabase } from '../database/newer-database.ts'
import { resourcePaths } from '../node/resource-paths.ts'
import * as schema from './schema.ts'

/** A drizzle database on PostgreSQL, whichever driver carries it (node-postgres or PGlite). */
export type PgDb = PgDatabase<PgQueryResultHKT, typeof schema>

/** An open PostgreSQL database: drizzle's handle, and how to check and end the connection. */
export type PostgresConnection = {
  db: PgDb
  /** Resolves once the database answers a query; rejects when it cannot be reached. */
  ping(): Promise<void>
  /** Ends every connection (waiting for queries under way). */
  close(): Promise<void>
}

/**
 * Advisory locks of ours are taken with two keys: this one first ("Quir"), then what is locked. Other
 * programs sharing the database use other first keys, or the one-key form, and never collide with ours.
 */
export const LOCK_NAMESPACE = 0x51756972
/** The second key of the lock held while migrations run. */
export const MIGRATIONS_LOCK = 0
/** The second key of the lock held while a job is chosen and leased (negative: never an id). */
export const JOB_CLAIM_LOCK = -1
/** The second key of the lock taken by changes that may remove a super admin. */
export const SUPERADMINS_LOCK = -2

/** The rows a raw query returned (node-postgres and PGlite both answer with `rows`). */
export async function queryRows<T>(db: PgDb, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows
}

/**
 * Connects a pool to the PostgreSQL database at `url` (a `postgres://` address) and applies pending
 * migrations (from `migrations`, by default those of the source tree). Instances starting together
 * migrate one at a time: drizzle's migrator takes no lock, and two of them creating the same tables at
 * once would fail, so it runs under an advisory lock, and the later one then finds nothing to do.
 */
export async function openPostgres(
  url: string,
  {
    migrations = resourcePaths().postgresMigrations,
    max = 10,
    onIdleError = () => {},
  }: {
    migrations?: string
    /** Most connections the pool opens. */
    max?: number
    /** Told when an idle connection fails (the server restarted): the pool replaces it. */
    onIdleError?: (error: Error) => void
  } = {},
): Promise<PostgresConnection & { pool: pg.Pool }> {
  const pool = new pg.Pool({ connectionString: url, max })
  // Without a listener, an idle connection's error (the server restarting) would end the process.
  pool.on('error', onIdleError)
  try {
    await migrateLocked(pool, migrations)
  } catch (error) {
    await pool.end()
    throw error
  }
  return {
    db: drizzle({ client: pool, schema }),
    pool,
    ping: async () => {
      await pool.query('SELECT 1')
    },
    close: () => pool.end(),
  }
}

/** When the newest migration applied to the database was made; undefined for a new database. */
async function appliedUpTo(client: pg.PoolClient): Promise<number | undefined> {
  const table = await client.query<{ found: string | null }>(
    "SELECT to_regclass('drizzle.__drizzle_migrations')::text AS found",
  )
  if (!table.rows[0]?.found) return undefined
  const row = await client.query<{ at: string | null }>(
    'SELECT max(created_at)::text AS at FROM drizzle.__drizzle_migrations',
  )
  const at = row.rows[0]?.at
  return at ? Number(at) : undefined
}

/** Applies the migrations on one connection of the pool while it holds the migrations lock. */
async function migrateLocked(pool: pg.Pool, migrationsFolder: string): Promise<void> {
  const client = await pool.connect()
  let broken: Error | undefined
  // A checked-out connection lost between queries emits an error of its own, which would end the
  // process unheard: the query under way (or the next one) fails anyway and says it.
  const unheard = (error: Error) => {
    broken = error
  }
  client.on('error', unheard)
  try {
    await client.query('SELECT pg_advisory_lock($1, $2)', [LOCK_NAMESPACE, MIGRATIONS_LOCK])
    try {
      refuseNewerDatabase(await appliedUpTo(client), migrationsFolder)
      await migrate(drizzle({ client, schema }), { migrationsFolder })
    } finally {
      await client.query('SELECT pg_advisory_unlock($1, $2)', [LOCK_NAMESPACE, MIGRATIONS_LOCK])
    }
  } catch (error) {
    // A connection that failed mid-way may still hold the lock: it is closed rather than reused.
    broken = error as Error
    throw error
  } finally {
    client.off('error', unheard)
    client.release(broken)
  }
}

/**
 * Opens PGlite (PostgreSQL compiled to WebAssembly, in this process) in the folder `dataDir`, or in
 * memory when it is undefined, with the pgvector and unaccent extensions, and applies the migrations.
 * PGlite serves every caller from one backend, so it stands in for PostgreSQL where locks do not
 * matter: it is how the pgvector queries are tested. Its packages are loaded only when it is used.
 * `from` starts it from a copy of a data folder that `dumpDataDir` wrote (already migrated: the
 * migrations then only check), which takes a fraction of the time a new database does.
 */
export async function openPglite(
  dataDir?: string,
  { migrations = resourcePaths().postgresMigrations, from }: { migrations?: string; from?: Blob } = {},
): Promise<PostgresConnection & { pglite: PGlite }> {
  const [{ PGlite }, { vector }, { unaccent }, pglite, migrator] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite-pgvector'),
    import('@electric-sql/pglite/contrib/unaccent'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ])
  const client = await PGlite.create(dataDir, { extensions: { vector, unaccent }, loadDataDir: from })
  const db = pglite.drizzle({ client, schema })
  try {
    await migrator.migrate(db, { migrationsFolder: migrations })
  } catch (error) {
    await client.close()
    throw error
  }
  return {
    db,
    pglite: client,
    ping: async () => {
      await client.query('SELECT 1')
    },
    close: () => client.close(),
  }
}

// SQLSTATE codes after which the same request may succeed later: the connection was lost or refused,
// the server is shutting down or full, or a transaction lost a race (serialization, deadlock, lock
// timeout) and was rolled back.
const UNAVAILABLE_CLASSES = ['08', '53']
const UNAVAILABLE_STATES = new Set(['40001', '40P01', '55P03', '57P01', '57P02', '57P03', '57014'])
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
])
// node-postgres reports a lost connection or a pool that waited too long with these messages only.
const NETWORK_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end',
]

/**
 * Whether an error means PostgreSQL cannot serve the request now (unreachable, restarting, full, or a
 * transaction lost a race), to report as `unavailable` rather than a 500. drizzle wraps driver errors
 * in its own, so the chain of causes is searched.
 */
export function isUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown }
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code)) return true
      if (code.length === 5 && UNAVAILABLE_CLASSES.includes(code.slice(0, 2))) return true
    }
    if (typeof message === 'string' && NETWORK_MESSAGES.some((m) => message.includes(m))) return true
    e = cause
  }
  return false
}
