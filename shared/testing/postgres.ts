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
  const client = new pg.Client({ connectionString: serverUrl() })
  await client.connect()
  try {
    await client.query(statement)
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
 */
export function freshPostgresUrl({ empty = false }: { empty?: boolean } = {}): Promise<FreshDatabase> {
  if (empty) return createDatabase(true)
  // Copying the template takes most of a second: the next test's copy is made while this one runs.
  const ready = nextCopy ?? createDatabase(false)
  nextCopy = createDatabase(false)
  // Its failure, if any, is the next test's to report.
  nextCopy.catch(() => {})
  return ready
}

/** The copy of the template the next test gets, being made. */
let nextCopy: Promise<FreshDatabase> | undefined

async function createDatabase(empty: boolean): Promise<FreshDatabase> {
  const name = uniqueName()
  await admin(`CREATE DATABASE ${name} TEMPLATE ${empty ? 'template0' : TEMPLATE_DATABASE}`)
  return {
    name,
    url: withDatabase(serverUrl(), name),
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  }
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
