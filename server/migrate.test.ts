import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { describePostgres, type FreshDatabase, freshPostgresUrl } from '#shared/testing/postgres.ts'
import { callApi, launchServer, type ServerProcess } from './testing/server-process.ts'

const run = promisify(execFile)
const TOKEN = 'migrate-admin-token-0123456789abcdef'
const SPACE = '/organizations/acme/spaces/wiki'

describePostgres('npm run migrate -- --to postgres://…', () => {
  let dataDir: string
  let database: FreshDatabase
  let server: ServerProcess | undefined
  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'quire-migrate-'))
    database = await freshPostgresUrl({ empty: true })
  })
  afterEach(async () => {
    server?.child.kill('SIGKILL')
    await server?.exited
    server = undefined
    await database.drop()
    rmSync(dataDir, { recursive: true, force: true })
  })
  const migrateWith = (...args: string[]) =>
    run(process.execPath, ['server/migrate.ts', ...args], {
      cwd: join(import.meta.dirname, '..'),
      env: { ...process.env, SERVICE_DATA_DIR: dataDir, SERVICE_WEB_BUILD: 'false' },
    })
  const migrate = (to: string) => migrateWith('--to', to)

  // Four Node processes start one after another (server, migration, server again): a busy machine needs time.
  it('moves an installation to PostgreSQL: accounts, tokens, spaces and pages, searchable at once', {
    timeout: 60_000,
  }, async () => {
    server = launchServer(dataDir, { SERVICE_ADMIN_TOKEN: TOKEN })
    let url = await server.listening
    await callApi(url, TOKEN, 'POST', '/organizations', { slug: 'acme', name: 'Acme', join: true })
    await callApi(url, TOKEN, 'POST', '/organizations/acme/spaces', { slug: 'wiki', name: 'Wiki' })
    const written = await callApi(url, TOKEN, 'PUT', `${SPACE}/files/guides/setup.md`, {
      content: '# Setup\n\nInstall the wombatron first.\n',
    })
    expect(written.status).toBe(201)
    // While the server runs, its later writes would not be in the copy: refused, saying so.
    await expect(migrate(database.url)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`a server runs on ${dataDir} (process ${server.child.pid} on `),
    })
    server.child.kill('SIGTERM')
    await server.exited

    const { stdout } = await migrate(database.url)
    expect(stdout).toContain('copied the database')
    // A second run refuses to copy again, and says so.
    await expect(migrate(database.url)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`the database of ${dataDir} was moved to postgres`),
    })
    // The SQLite file stays, to go back to, but a server or a backup forgetting the new database
    // is refused rather than serving, or saving, the installation of the day of the move.
    const stale = launchServer(dataDir, {})
    await expect(stale.listening).rejects.toThrow(
      `the server would run on the SQLite database of ${dataDir}, moved to postgres`,
    )
    await expect(
      run(process.execPath, ['server/backup.ts', '--to', join(dataDir, 'stale.tar')], {
        cwd: join(import.meta.dirname, '..'),
        env: { ...process.env, SERVICE_DATA_DIR: dataDir },
      }),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('the backup would run on') })

    server = launchServer(dataDir, { SERVICE_DATABASE_URL: database.url })
    url = await server.listening
    const page = await callApi(url, TOKEN, 'GET', `${SPACE}/files/guides/setup.md`)
    expect(page.status).toBe(200)
    expect(((await page.json()) as { text: string }).text).toContain('wombatron')
    const found = await callApi(url, TOKEN, 'GET', '/search?q=wombatron&mode=text')
    expect(((await found.json()) as { path: string }[]).map((r) => r.path)).toEqual(['guides/setup.md'])
    // New ids come after the copied ones: a new space is created next to the old one.
    const created = await callApi(url, TOKEN, 'POST', '/organizations/acme/spaces', {
      slug: 'ops',
      name: 'Ops',
    })
    expect(created.status).toBe(201)
  })

  it('refuses an address that is not PostgreSQL, without touching anything', async () => {
    await expect(migrate('mysql://somewhere/db')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('postgres://'),
    })
  })

  it('answers a mistyped option with the usage in two lines, never a stack trace', async () => {
    const failed = await migrateWith('--too', database.url).catch(
      (error: { code: number; stderr: string }) => error,
    )
    expect(failed).toMatchObject({ code: 2 })
    const lines = (failed as { stderr: string }).stderr.trimEnd().split('\n')
    expect(lines).toHaveLength(2)
    expect(lines[0]).toContain("Unknown option '--too'")
    expect(lines[1]).toBe('usage: npm run migrate -- --to postgres://user:password@host:5432/database')
  })
})
