import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type Database from 'better-sqlite3'
import { createBuiltinEmbedder } from '../adapters/embed/builtin-embedder.ts'
import { createApp } from '../api/app.ts'
import type { ApiOptions } from '../api/env.ts'
import { composeNodeDeps, type NodeDeps, type NodeDepsSettings } from '../host/node-deps.ts'
import type { Deps } from '../ports/deps.ts'
import type { Embedder } from '../ports/embedder.ts'
import { addPerson, type PersonOptions } from './builders/person.ts'

/**
 * The built-in models of the test process, shared by every app: the static model (the default of the
 * service, so the tests index and search as it does), and the transformer, whose worker takes a moment
 * to start, for the built-in filer's judgement (started only by the tests that tidy up).
 */
let builtin: Embedder | undefined
let sentence: Embedder | undefined
export function sharedBuiltinEmbedder(): Embedder {
  builtin ??= createBuiltinEmbedder({ model: 'static' })
  return builtin
}
export function sharedSentenceEmbedder(): Embedder {
  sentence ??= createBuiltinEmbedder({ model: 'transformer' })
  return sentence
}

/**
 * Whether this run's test apps are on PostgreSQL (the `postgres` test project): a test that reads
 * the SQLite file directly is skipped there, since what it checks is about that file.
 */
export const onPostgres = process.env.QUIRE_TEST_DATABASE === 'postgres'

/** A clock the tests move by hand. */
export type TestClock = { now(): number; advance(ms: number): void }

export type TestApp = {
  app: ReturnType<typeof createApp>
  /** The SQLite file's handle (a test reading it directly runs on SQLite only). */
  sqlite: Database.Database
  deps: Deps
  dir: string
  clock: TestClock
  /** Sends a request; `token` becomes a bearer header, `body` JSON. */
  call(method: string, path: string, options?: CallOptions): Promise<Response>
  /** The id of an account (by username) or of a space (by slug, in any organization). */
  idOf(kind: 'account' | 'space', name: string): Promise<number>
  /** Creates an account and a full-rights token for it. */
  user(username: string, options?: PersonOptions): Promise<string>
  close(): Promise<void>
  /** Stops cleanly and starts again on the same database and repositories, as a server restart would. */
  restart(): Promise<void>
  /** Starts again on the same files without stopping first, as after a crash. */
  abandon(): Promise<void>
  /** Another instance on the same database and repositories, as a second process would be; the caller closes it. */
  twin(): Promise<TestInstance>
}

/** An instance beside a test app's own, on its database and repositories. */
export type TestInstance = Pick<TestApp, 'app' | 'deps' | 'call'> & { close(): Promise<void> }

export type CallOptions = { token?: string; body?: unknown; headers?: Record<string, string> }

/** How the test app's host differs from the default one. */
export type TestHostOptions = {
  /** Whether Git remotes may be private addresses: yes by default, as the test remotes are on loopback. */
  allowPrivateNetwork?: boolean
  /** A PostgreSQL database of its own for the app (dropped when it closes), instead of SQLite. */
  database?: { url: string; drop(): Promise<void> }
  /** The SMTP server and sender (none: messages go to the data folder's outbox). */
  mail?: NodeDepsSettings['mail']
  /** Retries and switching off of outgoing webhooks, when not the defaults. */
  webhooks?: NodeDepsSettings['webhooks']
  /** The built-in model (default: the static model shared by the process's apps). */
  builtinEmbedder?: Embedder
  /** The filer's sentence model (default: the transformer shared by the process's apps). */
  sentenceEmbedder?: Embedder
}

/** app.request() sends to http://localhost: the test server is configured as listening, and linking, there. */
const TEST_ORIGINS: ApiOptions = {
  ownOrigins: () => ['http://localhost'],
  publicUrl: () => 'http://localhost',
}

/**
 * The real API over a real SQLite file and real Git repositories in a fresh temporary folder, or
 * over a PostgreSQL database of its own when the run says so (`QUIRE_TEST_DATABASE=postgres`, the
 * `postgres` test project). Argon2id runs with a lower memory cost than production so tests stay quick.
 */
export async function testApp(options: ApiOptions = {}, host: TestHostOptions = {}): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'quire-test-'))
  // Loaded only on PostgreSQL: it reads the test run's server, which exists under vitest only.
  const database =
    host.database ?? (onPostgres ? await (await import('./postgres.ts')).freshPostgresUrl() : undefined)
  let now = Date.parse('2026-11-21T09:00:00Z')
  const clock: TestClock = { now: () => now, advance: (ms) => (now += ms) }
  let composed: NodeDeps
  const compose = () =>
    composeNodeDeps({
      dataDir: dir,
      databaseUrl: database?.url,
      secretKey: 'test secret key',
      allowPrivateNetwork: host.allowPrivateNetwork ?? true,
      clock,
      passwordCost: { memoryCost: 1024, timeCost: 1 },
      builtinEmbedder: host.builtinEmbedder ?? sharedBuiltinEmbedder(),
      sentenceEmbedder: host.sentenceEmbedder ?? sharedSentenceEmbedder(),
      extractorTimeoutMs: 30_000,
      // No retries: a scripted provider failure should show at once.
      providerRetries: 0,
      llmTimeoutMs: 10_000,
      secretScan: 'inline',
      mail: host.mail,
      webhooks: host.webhooks,
    })
  const build = async () => {
    composed = await compose()
    const { deps } = composed
    const sqlite = composed.sqlite ?? sqliteOnly()
    // app.request() sends to http://localhost: the test server is configured as listening there.
    return { sqlite, deps, app: createApp(deps, { ...TEST_ORIGINS, ...options }) }
  }
  const t = { dir, clock, ...(await build()) } as TestApp
  const caller =
    (app: () => TestApp['app']): TestApp['call'] =>
    (method, path, { token, body, headers = {} } = {}) => {
      const init: RequestInit = { method, headers: { ...headers } }
      const h = init.headers as Record<string, string>
      if (token) h.authorization = `Bearer ${token}`
      if (body !== undefined) {
        h['content-type'] ??= 'application/json'
        init.body = typeof body === 'string' ? body : JSON.stringify(body)
      }
      return Promise.resolve(app().request(`/api/v1${path}`, init))
    }
  t.call = caller(() => t.app)
  t.twin = async () => {
    const other = await compose()
    const app = createApp(other.deps, { ...TEST_ORIGINS, ...options })
    return {
      app,
      deps: other.deps,
      call: caller(() => app),
      close: async () => {
        await other.deps.queue.idle()
        await other.deps.indexQueue.idle()
        await other.close()
      },
    }
  }
  t.idOf = async (kind, name) => {
    if (kind === 'account') {
      const account = await t.deps.store.accounts.byUsername(name)
      if (account) return account.id
    } else {
      for (const org of await t.deps.store.organizations.list()) {
        const space = await t.deps.store.forOrg(org.id).spaces.bySlug(name)
        if (space) return space.id
      }
    }
    throw new Error(`no ${kind} named ${name}`)
  }
  t.user = async (username, opts = {}) => (await addPerson(t.deps, username, opts)).token
  const shutDown = async () => {
    // Everything queued finishes first, as the tests expect its effects.
    await t.deps.queue.idle()
    await t.deps.indexQueue.idle()
    await composed.close()
  }
  t.restart = async () => {
    await shutDown()
    Object.assign(t, await build())
  }
  // Instances left for dead by `abandon`: their connections end with the test app, as a dead
  // process's do with it, before its database is given back.
  const abandoned: NodeDeps[] = []
  t.abandon = async () => {
    // A process that dies: nothing is awaited or closed; a new one opens the same files.
    abandoned.push(composed)
    Object.assign(t, await build())
  }
  t.close = async () => {
    // The end of a test file: nothing waits for the work still queued (a meaning fill of many
    // pages, on a loaded machine, took minutes); it stops at its next step, as on a server's stop.
    await composed.close()
    for (const dead of abandoned) await dead.close().catch(() => undefined)
    await database?.drop()
    rmSync(dir, { recursive: true, force: true })
  }
  return t
}

/** Stands in for the SQLite handle on PostgreSQL: a test that reads the file directly says so. */
function sqliteOnly(): Database.Database {
  return new Proxy({} as Database.Database, {
    get: () => {
      throw new Error('this test reads the SQLite file directly: it runs on SQLite only')
    },
  })
}

/** The JSON body of a response, typed loosely for assertions. */
export async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T
}

/** The `quire_session=<value>` pair a sign-in response sets, ready for a Cookie header ('' when none). */
export function sessionCookie(response: Response): string {
  return /quire_session=[^;]+/.exec(response.headers.get('set-cookie') ?? '')?.[0] ?? ''
}
