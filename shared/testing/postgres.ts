import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { describe, inject } from 'vitest'
import { openPglite, openPostgres, type PostgresConnection } from '../adapters/postgres/open-database.ts'
import { TEMPLATE_DATABASE, withDatabase } from './postgres-cluster.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The throwaway server's `postgres` database, or null when PostgreSQL is not installed. */
    postgresUrl: string | null
  }
}

/** The throwaway server of this test run (started by postgres-global-setup.ts), if there is one. */
export const postgresUrl: string | null = inject('postgresUrl') ?? null

/** `describe`, skipped when the run has no PostgreSQL server (the setup said why, once). */
export const describePostgres = describe.skipIf(postgresUrl === null)

function serverUrl(): string {
  if (postgresUrl === null) throw new Error('no PostgreSQL server in this test run: use describePostgres')
  return postgresUrl
}

/** Runs one statement on the server's `postgres` database (databases are made and dropped from there). */
async function admin(statement: string): Promise<void> {
  await connected(serverUrl(), async (client) => {
    await client.query(statement)
  })
}

/** Runs `use` on a connection of its own to `url`, closed after. */
async function connected<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await use(client)
  } finally {
    await client.end()
  }
}

let made = 0

/** A database name no other test, worker or run on this server uses. */
function uniqueName(): string {
  made += 1
  return `quire_test_${process.pid}_${made}_${randomBytes(4).toString('hex')}`
}

/** A new database of the test server, and how to delete it. */
export type FreshDatabase = { name: string; url: string; drop(): Promise<void> }

/**
 * Creates a database of its own for a test: a copy of the migrated template (quick), or with
 * `empty: true` one without any table, to test the migrations themselves. Nothing is connected to it.
 * A copy given back by an earlier test of this process (`drop()`) is brought back to the template's
 * state and handed out again: copying the template costs about half a second of the machine's time,
 * resetting a copy less (the PostgreSQL project ran in 200 s instead of 238 s).
 */
export async function freshPostgresUrl({ empty = false }: { empty?: boolean } = {}): Promise<FreshDatabase> {
  if (empty) return createDatabase(true)
  const name = emptied.pop() ?? (await createDatabase(false)).name
  pristine ??= contentsOf(name)
  await pristine
  let isGivenBack = false
  return {
    name,
    url: withDatabase(serverUrl(), name),
    drop: async () => {
      if (isGivenBack) return
      isGivenBack = true
      try {
        emptied.push(await resetDatabase(name))
      } catch {
        await dropDatabase(name)
      }
    },
  }
}

/** Copies of the template given back and reset, ready for the next test of this process. */
const emptied: string[] = []

/** What a copy of the template holds: its tables, and the rows the migrations wrote in some. */
type Contents = { tables: string[]; rows: Map<string, unknown[]> }

/** The contents of the first copy made, read before any test used it. */
let pristine: Promise<Contents> | undefined

async function contentsOf(name: string): Promise<Contents> {
  return withClient(name, async (client) => {
    const tables = await tablesOf(client)
    const rows = new Map<string, unknown[]>()
    for (const table of tables) {
      const { rows: found } = await client.query(`SELECT * FROM ${table}`)
      if (found.length > 0) rows.set(table, found)
    }
    return { tables, rows }
  })
}

/** The tables of a database's `public` schema, each quoted as SQL names it. */
async function tablesOf(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    "SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public'",
  )
  return rows.map((row) => row.name)
}

function withClient<T>(name: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  return connected(withDatabase(serverUrl(), name), use)
}

async function createDatabase(empty: boolean): Promise<FreshDatabase> {
  const name = uniqueName()
  await admin(`CREATE DATABASE ${name} TEMPLATE ${empty ? 'template0' : TEMPLATE_DATABASE}`)
  return { name, url: withDatabase(serverUrl(), name), drop: () => dropDatabase(name) }
}

function dropDatabase(name: string): Promise<void> {
  return admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
}

/** Ends every connection to a database but the caller's. */
function endConnections(name: string): Promise<void> {
  return admin(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}' AND pid <> pg_backend_pid()`,
  )
}

/**
 * Brings a copy of the template back to how it was made, under a new name: every other connection to
 * it ended (their session locks with them), the tables a test created dropped, the template's tables
 * emptied and their sequences restarted, and the rows the migrations wrote put back. The migrations'
 * own records (schema `drizzle`) stay. The new name keeps out a pool of the earlier test that
 * connects again late: it finds no database, as it would after a drop, instead of writing into the
 * next test's. The renaming fails (and the copy is dropped) when such a connection came meanwhile.
 */
async function resetDatabase(name: string): Promise<string> {
  const { tables, rows } = await (pristine as Promise<Contents>)
  await endConnections(name)
  await withClient(name, async (client) => {
    const kept = new Set(tables)
    const added = (await tablesOf(client)).filter((table) => !kept.has(table))
    if (added.length > 0) await client.query(`DROP TABLE ${added.join(', ')} CASCADE`)
    // DELETE, not TRUNCATE: a test leaves a few rows, and TRUNCATE makes new files for every table
    // and index. Foreign keys are not checked meanwhile (every table is emptied).
    const sequences = await client.query<{ name: string }>(
      "SELECT quote_ident(sequencename) AS name FROM pg_sequences WHERE schemaname = 'public'",
    )
    await client.query(
      [
        'BEGIN',
        'SET LOCAL session_replication_role = replica',
        ...tables.map((table) => `DELETE FROM ${table}`),
        ...sequences.rows.map((sequence) => `ALTER SEQUENCE ${sequence.name} RESTART`),
        'COMMIT',
      ].join(';\n'),
    )
    for (const [table, written] of rows)
      await client.query(
        `INSERT INTO ${table} SELECT * FROM json_populate_recordset(NULL::${table}, $1::json)`,
        [JSON.stringify(written)],
      )
  })
  const renamed = uniqueName()
  await endConnections(name)
  await admin(`ALTER DATABASE ${name} RENAME TO ${renamed}`)
  return renamed
}

/**
 * A migrated database of its own for a test, opened with `openPostgres`; `close()` also deletes it.
 * Tests on different databases never see each other, so they may run in parallel in any worker.
 */
export async function freshPostgresDatabase(): Promise<
  PostgresConnection & { pool: pg.Pool } & { name: string; url: string }
> {
  const fresh = await freshPostgresUrl()
  try {
    const connection = await openPostgres(fresh.url)
    return {
      ...connection,
      name: fresh.name,
      url: fresh.url,
      close: async () => {
        await connection.close()
        await fresh.drop()
      },
    }
  } catch (error) {
    await fresh.drop()
    throw error
  }
}

/** A migrated PGlite database dumped once per test process, copied by each `freshPglite`. */
let template: Promise<Blob> | undefined

/**
 * A migrated PGlite database in memory, with pgvector available: for the pgvector queries. Each is a
 * copy of one migrated the first time (seconds each otherwise, most of a PGlite test's time).
 */
export async function freshPglite(): ReturnType<typeof openPglite> {
  template ??= openPglite().then(async (first) => {
    try {
      return await first.pglite.dumpDataDir('none')
    } finally {
      await first.close()
    }
  })
  template.catch(() => {
    template = undefined
  })
  return openPglite(undefined, { from: await template })
}
