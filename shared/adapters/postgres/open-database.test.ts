import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterEach, expect, it } from 'vitest'
import {
  describePostgres,
  type FreshDatabase,
  freshPglite,
  freshPostgresUrl,
} from '../../testing/postgres.ts'
import { resourcePaths } from '../node/resource-paths.ts'
import {
  isUnavailable,
  openPostgres,
  type PgDb,
  type PostgresConnection,
  queryRows,
} from './open-database.ts'
import { accounts } from './schema.ts'

const journal = JSON.parse(
  readFileSync(join(resourcePaths().postgresMigrations, 'meta', '_journal.json'), 'utf8'),
) as { entries: unknown[] }

const cleanup: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step()
})

async function emptyDatabase(): Promise<FreshDatabase> {
  const fresh = await freshPostgresUrl({ empty: true })
  cleanup.push(fresh.drop)
  return fresh
}

async function open(url: string): Promise<PostgresConnection> {
  const connection = await openPostgres(url)
  cleanup.push(connection.close)
  return connection
}

async function appliedMigrations(db: PgDb): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
  )
  return row!.n
}

async function tables(db: PgDb): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'`,
  )
  return rows.map((r) => r.name)
}

/** An account as a store would write it: its generated id, booleans and millisecond times read back. */
async function roundTrip(db: PgDb) {
  const [made] = await db
    .insert(accounts)
    .values({ username: 'ada', displayName: 'Ada', createdAt: 1_767_225_600_123 })
    .returning()
  return (await db.select().from(accounts).where(eq(accounts.id, made!.id)))[0]
}

describePostgres('openPostgres', () => {
  it('applies every migration to an empty database, and the tables keep what is written', async () => {
    const { db } = await open((await emptyDatabase()).url)
    expect(await tables(db)).toEqual(
      expect.arrayContaining([
        'accounts',
        'spaces',
        'jobs',
        'text_files',
        'vector_chunks',
        'vector_versions',
      ]),
    )
    expect(await appliedMigrations(db)).toBe(journal.entries.length)
    expect(await roundTrip(db)).toMatchObject({
      id: 1,
      username: 'ada',
      email: '',
      isSuperadmin: false,
      isActive: true,
      createdAt: 1_767_225_600_123,
    })
  })

  it('opens a migrated database again without migrating it again or losing its rows', async () => {
    const { url } = await emptyDatabase()
    const first = await openPostgres(url)
    await roundTrip(first.db)
    await first.close()
    const { db } = await open(url)
    expect(await appliedMigrations(db)).toBe(journal.entries.length)
    expect(await db.select({ username: accounts.username }).from(accounts)).toEqual([{ username: 'ada' }])
  })

  it('refuses a database a newer version migrated, saying what to do, and changes nothing', async () => {
    const { url } = await emptyDatabase()
    const first = await openPostgres(url)
    const later = Date.now() + 86_400_000
    await queryRows(
      first.db,
      sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('from-a-newer-version', ${later})`,
    )
    await first.close()
    await expect(openPostgres(url)).rejects.toThrow(/^the database was upgraded by a newer version of Quire/)
  })

  it('lets two instances start at once on an empty database: both open, the migrations run once', async () => {
    const { url } = await emptyDatabase()
    const [a, b] = await Promise.all([open(url), open(url)])
    await a.ping()
    await b.ping()
    expect(await appliedMigrations(a.db)).toBe(journal.entries.length)
    expect(await roundTrip(b.db)).toMatchObject({ username: 'ada' })
  })

  it('reports a connection the server ended as unavailable, and the next query gets a new one', async () => {
    const { db, ping } = await open((await emptyDatabase()).url)
    const error = await db.execute(sql`SELECT pg_terminate_backend(pg_backend_pid())`).catch((e) => e)
    expect(error).toBeInstanceOf(Error)
    expect(isUnavailable(error)).toBe(true)
    await ping()
  })
})

it('reports a server that does not answer as unavailable', async () => {
  // A port just freed on loopback: nothing listens there.
  const port = await new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
  const error = await openPostgres(`postgres://postgres@127.0.0.1:${port}/quire`).catch((e) => e)
  expect(error).toBeInstanceOf(Error)
  expect(isUnavailable(error)).toBe(true)
})

it('does not call a mistake in a query unavailable', async () => {
  const { db, close } = await freshPglite()
  cleanup.push(close)
  const error = await db.execute(sql`SELECT * FROM no_such_table`).catch((e) => e)
  expect(error).toBeInstanceOf(Error)
  expect(isUnavailable(error)).toBe(false)
})

it('applies the same migrations on PGlite', async () => {
  const { db, close } = await freshPglite()
  cleanup.push(close)
  expect(await appliedMigrations(db)).toBe(journal.entries.length)
  expect(await tables(db)).toEqual(expect.arrayContaining(['accounts', 'text_files', 'vector_chunks']))
  expect(await roundTrip(db)).toMatchObject({ username: 'ada', isActive: true, createdAt: 1_767_225_600_123 })
})
