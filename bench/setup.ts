import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { loadConfig } from '../server/config.ts'
import { createLogger } from '../server/logger.ts'
import { type RunningServer, startServer } from '../server/start.ts'
import type { Embedder } from '../shared/ports/embedder.ts'
import type { Repo } from '../shared/ports/repo.ts'
import type { GitRemote } from '../shared/testing/git-remote.ts'
import { type TestApp, testApp } from '../shared/testing/test-app.ts'

/** The first super admin's token on a bench server, and its password for sign-ins. */
export const BENCH_TOKEN = 'bench-admin-token-0123456789abcdefghij'
export const BENCH_PASSWORD = 'bench password'

export type BenchServer = {
  /** The server's address (`http://127.0.0.1:port`), for requests that carry no token. */
  url: string
  deps: RunningServer['deps']
  /** A request to `/api/v1{path}` as the super admin, the body sent as JSON. */
  api(method: string, path: string, body?: unknown): Promise<Response>
  /** Stops the server and removes its data folder. */
  close(): Promise<void>
}

/**
 * The real server on loopback, as an operator starts it, over a fresh data folder, with the super
 * admin `admin` and a token for it. Its log is dropped: warnings would interleave with the figures.
 */
export async function startBenchServer({ databaseUrl }: { databaseUrl?: string } = {}): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'quire-bench-'))
  const silent = new Writable({ write: (_c, _e, done) => done() })
  let server: RunningServer
  try {
    server = await startServer(
      loadConfig({
        SERVICE_PORT: '0',
        SERVICE_DATA_DIR: dataDir,
        SERVICE_ADMIN_PASSWORD: BENCH_PASSWORD,
        SERVICE_ADMIN_TOKEN: BENCH_TOKEN,
        SERVICE_ALLOW_PRIVATE_NETWORK: 'true',
        ...(databaseUrl ? { SERVICE_DATABASE_URL: databaseUrl } : {}),
      }),
      createLogger('warn', silent),
    )
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
  return {
    url: server.url,
    deps: server.deps,
    api: (method, path, body) =>
      fetch(`${server.url}/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${BENCH_TOKEN}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    async close() {
      await server.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * The space `bench/wiki` of a new organization `bench` on a bench server, synced from `repo` on a
 * Git remote on loopback (see `syncedSpaceOf`).
 */
export async function syncedBenchSpace(
  server: BenchServer,
  remote: GitRemote,
  repo: string,
  options: { meaning?: boolean } = {},
): Promise<void> {
  await server.api('POST', '/organizations', { slug: 'bench', name: 'Bench', join: true })
  await syncedSpaceOf(server, remote, repo, { slug: 'wiki', name: 'Wiki' }, options)
}

/**
 * A new space of the organization `bench`, synced from `repo` on a Git remote on loopback, once its
 * first sync is done. With `meaning: false`, its meaning index is turned off first (see
 * `withoutMeaning`) and its first indexing of words and links is waited for as well.
 */
export async function syncedSpaceOf(
  server: BenchServer,
  remote: GitRemote,
  repo: string,
  space: { slug: string; name: string },
  { meaning = true }: { meaning?: boolean } = {},
): Promise<void> {
  const base = `/organizations/bench/spaces/${space.slug}`
  await server.api('POST', '/organizations/bench/spaces', { ...space, repo_url: remote.url(repo) })
  if (!meaning) await withoutMeaning(server, 'bench', space.slug)
  await server.api('PUT', `${base}/git/credentials`, {
    kind: 'https',
    token: `${remote.username}:${remote.password}`,
  })
  await server.api('POST', `${base}/git/sync`)
  await server.deps.queue.idle()
  // Without meaning, the screens' benches time a space in use: its words and links indexed. A
  // 10,000-page space's first index takes half a minute of one of the two cores after the sync.
  if (!meaning) await server.deps.indexQueue.idle()
}

/**
 * Turns a new space's meaning index off, before its first sync. The web app's benches time screens:
 * a space just added embeds its 10,000 pages for minutes on one of the machine's two cores (a space
 * in use has its vectors already), which would time the screens beside that instead.
 */
export async function withoutMeaning(server: BenchServer, org: string, space: string): Promise<void> {
  const response = await server.api('PUT', `/organizations/${org}/spaces/${space}/semantic`, {
    enabled: false,
  })
  if (!response.ok) throw new Error(`turning the meaning index off answered ${response.status}`)
}

/** Most pages a bench space's set-up writes in one commit. */
const COMMIT_PAGES = 10_000

/** A page to write into a bench space: its path in the repository and its Markdown. */
export type BenchPage = { path: string; text: string }

export type BenchSpace = {
  t: TestApp
  /** A super admin's token, member of the organization `bench`. */
  root: string
  /** The repository of the space `bench/wiki`, holding the pages. */
  repo: Repo
}

/**
 * A test app with the space `bench/wiki` holding `pages`, committed straight in its repository
 * (not through the API, which would index each write). The space's first indexing, started when it
 * was created, is waited for before the commit so it cannot pick the pages up behind the benchmark's
 * back. On `database` (PostgreSQL) instead of SQLite when given. The caller closes `t`.
 */
export async function benchSpace(
  pages: BenchPage[],
  {
    database,
    builtinEmbedder,
  }: { database?: { url: string; drop(): Promise<void> }; builtinEmbedder?: Embedder } = {},
): Promise<BenchSpace> {
  const t = await testApp({}, { database, builtinEmbedder })
  try {
    const root = await t.user('root', { superadmin: true })
    await t.call('POST', '/organizations', {
      token: root,
      body: { slug: 'bench', name: 'Bench', join: true },
    })
    await t.call('POST', '/organizations/bench/spaces', { token: root, body: { slug: 'wiki', name: 'Wiki' } })
    await t.deps.indexQueue.idle()
    const repo = t.deps.repos.open(1, 'main')
    const encoder = new TextEncoder()
    // In commits of COMMIT_PAGES: each file of a commit is written at once, and 100,000 open files
    // are more than a process may hold here.
    for (let from = 0; from < pages.length; from += COMMIT_PAGES) {
      await repo.commit({
        parent: await repo.head(),
        changes: pages
          .slice(from, from + COMMIT_PAGES)
          .map((page) => ({ path: page.path, content: encoder.encode(page.text) })),
        author: { name: 'Bench', email: 'bench@example.com' },
        message: 'Pages',
      })
      await repo.settle()
    }
    return { t, root, repo }
  } catch (error) {
    await t.close()
    throw error
  }
}
