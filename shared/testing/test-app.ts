import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createBuiltinEmbedder } from '../adapters/embed/builtin-embedder.ts'
import { nodeSecrets } from '../adapters/node/secrets.ts'
import { composeNodeDeps, type NodeDeps } from '../adapters/node-deps.ts'
import { createApp } from '../api/app.ts'
import type { ApiOptions } from '../api/env.ts'
import type { Embedder } from '../ports/embedder.ts'
import { addAccount } from '../services/create-user.ts'
import type { Deps } from '../services/deps.ts'

/** One built-in embedder per test process: its worker takes a moment to start and is shared by every app. */
let builtin: Embedder | undefined
function sharedBuiltinEmbedder(): Embedder {
  builtin ??= createBuiltinEmbedder()
  return builtin
}

/** A clock the tests move by hand. */
export type TestClock = { now(): number; advance(ms: number): void }

export type TestApp = {
  app: ReturnType<typeof createApp>
  sqlite: NodeDeps['sqlite']
  deps: Deps
  dir: string
  clock: TestClock
  /** Sends a request; `token` becomes a bearer header, `body` JSON. */
  call(method: string, path: string, options?: CallOptions): Promise<Response>
  /** Creates an account and a full-rights token for it. */
  user(username: string, options?: { superadmin?: boolean; password?: string }): Promise<string>
  close(): Promise<void>
  /** Stops cleanly and starts again on the same database and repositories, as a server restart would. */
  restart(): Promise<void>
  /** Starts again on the same files without stopping first, as after a crash. */
  abandon(): Promise<void>
}

export type CallOptions = { token?: string; body?: unknown; headers?: Record<string, string> }

/** How the test app's host differs from the default one. */
export type TestHostOptions = {
  /** Whether Git remotes may be private addresses: yes by default, as the test remotes are on loopback. */
  allowPrivateNetwork?: boolean
}

/**
 * The real API over a real SQLite file and real Git repositories in a fresh temporary folder.
 * Argon2id runs with a lower memory cost than production so tests stay quick.
 */
export async function testApp(options: ApiOptions = {}, host: TestHostOptions = {}): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'quire-test-'))
  let now = Date.parse('2026-11-21T09:00:00Z')
  const clock: TestClock = { now: () => now, advance: (ms) => (now += ms) }
  let composed: NodeDeps
  const build = async () => {
    composed = await composeNodeDeps({
      dataDir: dir,
      secretKey: 'test secret key',
      allowPrivateNetwork: host.allowPrivateNetwork ?? true,
      clock,
      passwordCost: { memoryCost: 1024, timeCost: 1 },
      builtinEmbedder: sharedBuiltinEmbedder(),
      extractorTimeoutMs: 30_000,
      // No retries: a scripted provider failure should show at once.
      providerRetries: 0,
      llmTimeoutMs: 10_000,
      secretScan: 'inline',
    })
    const { sqlite, deps } = composed
    // app.request() sends to http://localhost: the test server is configured as listening there.
    return { sqlite, deps, app: createApp(deps, { ownOrigins: () => ['http://localhost'], ...options }) }
  }
  const t = { dir, clock, ...(await build()) } as TestApp
  t.call = (method: string, path: string, { token, body, headers = {} }: CallOptions = {}) => {
    const init: RequestInit = { method, headers: { ...headers } }
    const h = init.headers as Record<string, string>
    if (token) h.authorization = `Bearer ${token}`
    if (body !== undefined) {
      h['content-type'] ??= 'application/json'
      init.body = typeof body === 'string' ? body : JSON.stringify(body)
    }
    return Promise.resolve(t.app.request(`/api/v1${path}`, init))
  }
  t.user = async (username: string, opts: { superadmin?: boolean; password?: string } = {}) => {
    const account = await addAccount(t.deps, {
      username,
      displayName: username[0]?.toUpperCase() + username.slice(1),
      password: opts.password ?? `${username}-password`,
      email: `${username}@example.com`,
      isSuperadmin: opts.superadmin ?? false,
    })
    const secret = nodeSecrets.mint('qpat_')
    await t.deps.store.tokens.create({
      id: nodeSecrets.id(),
      accountId: account.id,
      name: 'test',
      hint: secret.slice(-4),
      readOnly: false,
      spaceIds: null,
      createdAt: clock.now(),
      expiresAt: null,
      lastUsedAt: null,
      secretHash: nodeSecrets.digest(secret),
    })
    return secret
  }
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
  t.abandon = async () => {
    // A process that dies: nothing is awaited or closed; a new one opens the same files.
    Object.assign(t, await build())
  }
  t.close = async () => {
    await shutDown()
    rmSync(dir, { recursive: true, force: true })
  }
  return t
}

/** The JSON body of a response, typed loosely for assertions. */
export async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T
}

/** The `quire_session=<value>` pair a sign-in response sets, ready for a Cookie header ('' when none). */
export function sessionCookie(response: Response): string {
  return /quire_session=[^;]+/.exec(response.headers.get('set-cookie') ?? '')?.[0] ?? ''
}
