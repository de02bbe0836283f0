import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import {
  chownSync,
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { openPostgres } from '../adapters/postgres/open-database.ts'

/** Where Debian installs PostgreSQL's server programs, one folder per major version. */
const DEBIAN_ROOT = '/usr/lib/postgresql'

/** The database every test database is copied from: empty tables, all migrations applied. */
export const TEMPLATE_DATABASE = 'quire_template'

/** How to get the server when it is missing, printed by the suites that need it. */
export const INSTALL_HINT = 'install it with `apt-get install postgresql` (Debian and Ubuntu)'

/** The folder of the newest PostgreSQL server programs installed, if any. */
export function postgresBinaries(): string | undefined {
  if (!existsSync(DEBIAN_ROOT)) return undefined
  const versions = readdirSync(DEBIAN_ROOT)
    .filter((v) => /^\d+$/.test(v) && existsSync(join(DEBIAN_ROOT, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] === undefined ? undefined : join(DEBIAN_ROOT, versions[0], 'bin')
}

/** A PostgreSQL server started for a test run, and how to stop it. */
export type PostgresCluster = {
  /** The server's `postgres` database, as its superuser (trusted on loopback, no password). */
  url: string
  /** Stops the server and deletes its files. */
  stop(): Promise<void>
}

// PostgreSQL refuses to run as root: the server then runs as the system user the package made.
const SERVER_USER = 'postgres'

/** The command prefix running a program as the server's user (nothing when not root). */
function asServerUser(): string[] {
  return userInfo().uid === 0 ? ['runuser', '-u', SERVER_USER, '--'] : []
}

function run(command: string[]): void {
  const [program, ...args] = command
  execFileSync(program!, args, { stdio: ['ignore', 'pipe', 'pipe'] })
}

/** A TCP port nothing listens on at this moment. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

// The server runs under a small shell that stops it (immediate shutdown: the data is thrown away)
// and deletes its folder when its standard input closes, which also happens when the test run dies
// without cleaning up.
const GUARD = `"$1/postgres" -D "$2" -p "$3" -k "$4" \
  -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off \
  -c max_connections=300 -c shared_buffers=32MB &
pid=$!
read -r _ || true
kill -QUIT "$pid" 2>/dev/null
wait "$pid"
rm -rf "$4"`

/**
 * Starts a throwaway PostgreSQL server on 127.0.0.1 from the programs in `bin`, with its data and
 * socket in a new temporary folder (owned by the `postgres` user when running as root), trusting
 * every local connection, without fsync (tests need no durability across a power cut); then makes the
 * template database with every migration applied.
 */
export async function startPostgresCluster(bin: string): Promise<PostgresCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'quire-pg-'))
  const prefix = asServerUser()
  if (prefix.length > 0) {
    const uid = Number(execFileSync('id', ['-u', SERVER_USER]).toString())
    const gid = Number(execFileSync('id', ['-g', SERVER_USER]).toString())
    chownSync(dir, uid, gid)
  }
  const data = join(dir, 'data')
  const log = join(dir, 'server.log')
  let server: ChildProcess | undefined
  try {
    run([
      ...prefix,
      join(bin, 'initdb'),
      ...['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8'],
      ...['--no-sync', '--no-instructions'],
    ])
    let url: string | undefined
    for (let attempt = 0; !url; attempt++) {
      const port = await freePort()
      const logFd = openSync(log, 'a')
      server = spawn(...splitCommand([...prefix, 'sh', '-c', GUARD, 'sh', bin, data, String(port), dir]), {
        stdio: ['pipe', 'ignore', logFd],
      })
      closeSync(logFd)
      const candidate = `postgres://postgres@127.0.0.1:${port}/postgres`
      if (await ready(candidate, server)) url = candidate
      // Another program may have taken the port in between: try another one.
      else if (attempt >= 2) throw new Error(`PostgreSQL did not start:\n${readFileSync(log, 'utf8')}`)
    }
    await makeTemplate(url)
    const running = server!
    return {
      url,
      stop: async () => {
        const exited = new Promise((resolve) => running.once('exit', resolve))
        running.stdin?.end()
        if (running.exitCode === null && running.signalCode === null) await exited
        rmSync(dir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    server?.stdin?.end()
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
}

function splitCommand(command: string[]): [string, string[]] {
  const [program, ...args] = command
  return [program!, args]
}

/** Waits until the server answers (true) or its process has ended (false). */
async function ready(url: string, server: ChildProcess): Promise<boolean> {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) return false
    const client = new pg.Client({ connectionString: url })
    try {
      await client.connect()
      await client.end()
      return true
    } catch {
      await client.end().catch(() => {})
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  throw new Error('PostgreSQL did not answer within 30 s')
}

/** Creates the template database and applies the migrations to it, then closes it to connections. */
async function makeTemplate(url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`)
    const template = await openPostgres(withDatabase(url, TEMPLATE_DATABASE))
    await template.close()
    // Copying needs no connection to the template, and one would make the copy fail.
    await admin.query(`ALTER DATABASE ${TEMPLATE_DATABASE} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`)
  } finally {
    await admin.end()
  }
}

/** The same server address, for another database. */
export function withDatabase(url: string, database: string): string {
  const address = new URL(url)
  address.pathname = `/${database}`
  return address.toString()
}
