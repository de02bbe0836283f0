import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { type GitRemote, startGitRemote } from '../shared/testing/git-remote.ts'
import { pages as pageFiles } from './git-writes.ts'
import { BENCH_PASSWORD, BENCH_TOKEN } from './setup.ts'

const run = promisify(execFile)
const ROOT = new URL('..', import.meta.url).pathname
/** How long wrk loads each route. */
const SECONDS = Number(process.env.BENCH_WRK_SECONDS ?? 10)
/** Connections for reads, as the figures in the issue were taken (`wrk -t1 -c50`). */
const READ_CONNECTIONS = 50
/** Writes to one space are made one at a time: a few connections keep that queue full. */
const WRITE_CONNECTIONS = 4

type Figures = { rps: number; p50: number; p99: number; failed: number; socketErrors: number }

/** Where wrk is, or undefined (Debian's package puts it in /usr/bin; `.ci/run` installs it). */
function findWrk(): string | undefined {
  for (const dir of (process.env.PATH ?? '/usr/bin').split(':')) {
    if (dir && existsSync(join(dir, 'wrk'))) return join(dir, 'wrk')
  }
  return existsSync('/usr/bin/wrk') ? '/usr/bin/wrk' : undefined
}

/** A duration as wrk prints it (`812.00us`, `1.20ms`, `2.01s`), in milliseconds. */
function millis(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text)
  if (!match) return Number.NaN
  const value = Number(match[1])
  return { us: value / 1000, ms: value, s: value * 1000, m: value * 60_000 }[
    match[2] as 'us' | 'ms' | 's' | 'm'
  ]
}

/** Runs wrk with its latency distribution against `url` and reads its figures. */
async function wrk(
  bin: string,
  url: string,
  {
    connections = READ_CONNECTIONS,
    script,
    headers = [],
  }: { connections?: number; script?: string; headers?: string[] } = {},
): Promise<Figures> {
  const args = [
    '-t1',
    `-c${connections}`,
    `-d${SECONDS}s`,
    '--latency',
    '-H',
    `Authorization: Bearer ${BENCH_TOKEN}`,
    // What a browser sends, the web app's requests included.
    '-H',
    'Accept-Encoding: gzip, deflate, br, zstd',
    ...headers.flatMap((header) => ['-H', header]),
  ]
  if (script) args.push('-s', script)
  const { stdout } = await run(bin, [...args, url], { maxBuffer: 1 << 20 })
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1])
  const p50 = millis(/^\s+50%\s+(\S+)/m.exec(stdout)?.[1] ?? '')
  const p99 = millis(/^\s+99%\s+(\S+)/m.exec(stdout)?.[1] ?? '')
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout)?.[1] ?? 0)
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout)
  const socketErrors = socket ? socket.slice(1).reduce((n, s) => n + Number(s), 0) : 0
  if (!Number.isFinite(rps)) throw new Error(`wrk printed no figures:\n${stdout}`)
  return { rps, p50, p99, failed: non2xx, socketErrors }
}

/** What went wrong during a run, if anything: answers other than 2xx and 3xx, and socket errors (timeouts). */
function problems({ failed, socketErrors }: Figures): string {
  const said = [
    ...(failed > 0 ? [`${failed} answers not 2xx/3xx`] : []),
    ...(socketErrors > 0 ? [`${socketErrors} socket errors or timeouts`] : []),
  ]
  return said.length > 0 ? `   (${said.join(', ')})` : ''
}

/** A port free on loopback now. */
async function freePort(): Promise<number> {
  const probe: Server = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

/** CPU time (user + system, in clock ticks) a process has used so far, from /proc. */
function cpuTicks(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
    return Number(fields[11]) + Number(fields[12])
  } catch {
    return undefined
  }
}

/**
 * Waits until the server has used almost no CPU for two seconds: its indexing (words and meaning)
 * of what was just written would otherwise compete with the requests measured.
 */
async function settled(pid: number, limitMs = 600_000): Promise<void> {
  const deadline = Date.now() + limitMs
  let quiet = 0
  const first = cpuTicks(pid)
  if (first === undefined) return new Promise((resolve) => setTimeout(resolve, 5_000))
  let before: number = first
  while (quiet < 4 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500))
    const now: number = cpuTicks(pid) ?? before
    // A tenth of a core at most: an idle server profiled with --cpu-prof samples at about that.
    quiet = now - before <= 5 ? quiet + 1 : 0
    before = now
  }
}

type RealServer = { url: string; pid: number; stop(): Promise<void> }

/**
 * The server as `npm start` runs it, in its own process, over `dataDir`; its log goes to a file in
 * the data folder. With BENCH_CPU_PROF=<folder>, it writes a CPU profile there when it stops.
 */
async function startRealServer(dataDir: string): Promise<RealServer> {
  const port = await freePort()
  const profile = process.env.BENCH_CPU_PROF
  const child: ChildProcess = spawn(
    process.execPath,
    [...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []), 'server/main.ts'],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        ...process.env,
        SERVICE_PORT: String(port),
        SERVICE_HOST: '127.0.0.1',
        SERVICE_DATA_DIR: dataDir,
        SERVICE_ADMIN_PASSWORD: BENCH_PASSWORD,
        SERVICE_ADMIN_TOKEN: BENCH_TOKEN,
        SERVICE_WEB_BUILD: 'false',
        // The large space is synced from a Git remote on loopback.
        SERVICE_ALLOW_PRIVATE_NETWORK: 'true',
      },
    },
  )
  // The log is read (as a pipe to a collector would be) and dropped.
  child.stdout?.resume()
  const url = `http://127.0.0.1:${port}`
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const deadline = Date.now() + 120_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`)
    const up = await fetch(`${url}/api/v1/me`, { headers: { authorization: `Bearer ${BENCH_TOKEN}` } })
      .then((r) => r.ok)
      .catch(() => false)
    if (up) break
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error('the server did not answer within 120 s')
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return {
    url,
    pid: child.pid ?? 0,
    async stop() {
      child.kill('SIGTERM')
      await exited
    },
  }
}

/** A bare Hono route on @hono/node-server answering `body` as JSON: the framework's floor. */
async function startBareRoute(body: unknown): Promise<{ url: string; close(): Promise<void> }> {
  const app = new Hono()
  app.get('/me', (c) => c.json(body))
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server))
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** A page of the bench space: a title, a topic word shared by a tenth of the pages, a unique code. */
function pageText(i: number): string {
  const topics = [
    'backup',
    'deploy',
    'postgres',
    'firewall',
    'pager',
    'invoice',
    'interview',
    'audit',
    'vacuum',
    'canary',
  ]
  const topic = topics[i % topics.length]
  return `# Note ${i}\n\nAbout ${topic} and the team's week: ${topic} checks, owners and status.\n\n## Details\n\nReference code R${i}X, reviewed with the ${topic} runbook.\n`
}

/**
 * The request path against the framework's floor: wrk (`-t1 -c50`, its latency distribution) on
 * loopback against the real server in its own process, and in the same run against a bare Hono
 * route answering the same JSON as `GET /me`; each figure beside its ratio to the bare route.
 */
export async function benchRequestPath(pages: number, largePages: number): Promise<void> {
  const bin = findWrk()
  if (!bin) {
    console.log('  skipped: wrk is not installed (Debian package `wrk`; .ci/run installs it)')
    return
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'quire-bench-wrk-'))
  let server: RealServer | undefined
  let bare: Awaited<ReturnType<typeof startBareRoute>> | undefined
  let remote: GitRemote | undefined
  try {
    remote = await startGitRemote()
    // Made before any request: building it holds this process for a while, and a kept-alive
    // connection the server closed meanwhile would be reused and reset.
    const seeding = performance.now()
    await remote.createRepo('bench/large.git', { files: pageFiles(largePages) })
    const made = performance.now() - seeding
    server = await startRealServer(dataDir)
    const api = `${server.url}/api/v1`
    const headers = { authorization: `Bearer ${BENCH_TOKEN}`, 'content-type': 'application/json' }
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${api}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
      return response
    }
    await call('POST', '/organizations', { slug: 'bench', name: 'Bench', join: true })
    await call('POST', '/organizations/bench/spaces', { slug: 'wiki', name: 'Wiki' })
    const space = '/organizations/bench/spaces/wiki'
    const started = performance.now()
    let next = 0
    await Promise.all(
      Array.from({ length: WRITE_CONNECTIONS }, async () => {
        for (let i = next++; i < pages; i = next++) {
          await call('PUT', `${space}/files/notes/note-${i}.md`, {
            content: pageText(i),
            message: `Note ${i}`,
          })
        }
      }),
    )
    console.log(
      `  seeded ${pages} pages through the API in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    )
    // The large space comes in one sync from a remote: written one page at a time it would take an hour.
    const large = '/organizations/bench/spaces/large'
    const syncing = performance.now()
    await call('POST', '/organizations/bench/spaces', {
      slug: 'large',
      name: 'Large',
      repo_url: remote.url('bench/large.git'),
    })
    // Its index by meaning is off: the figures are the tree's, not the embedding's.
    await call('PUT', `${large}/semantic`, { enabled: false })
    await call('PUT', `${large}/git/credentials`, {
      kind: 'https',
      token: `${remote.username}:${remote.password}`,
    })
    await call('POST', `${large}/git/sync`)
    while (((await (await call('GET', `${large}/tree`)).json()) as unknown[]).length < largePages) {
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
    await settled(server.pid)
    console.log(
      `  synced ${largePages} pages into a second space in ${((performance.now() - syncing) / 1000).toFixed(1)} s (its repository made in ${(made / 1000).toFixed(1)} s)`,
    )
    const etag = (await call('GET', `${large}/tree`)).headers.get('etag')
    const me = await (await call('GET', '/me')).json()
    bare = await startBareRoute(me)

    const script = join(dataDir, 'write.lua')
    writeFileSync(
      script,
      [
        'local n = 0',
        'wrk.method = "PUT"',
        'wrk.headers["Content-Type"] = "application/json"',
        'request = function()',
        '  n = n + 1',
        `  local body = '{"content":"# Written ' .. n .. '\\\\n\\\\nA page written under load.\\\\n","message":"Bench write"}'`,
        `  return wrk.format("PUT", "/api/v1${space}/files/written/w-" .. n .. ".md", nil, body)`,
        'end',
        '',
      ].join('\n'),
    )
    // A different query each time: no repeated search is answered from memory.
    const searches = join(dataDir, 'search.lua')
    writeFileSync(
      searches,
      [
        'local n = 0',
        'request = function()',
        '  n = n + 1',
        '  return wrk.format("GET", "/api/v1/search?mode=text&q=runbook+r" .. (n % 1000) .. "x")',
        'end',
        '',
      ].join('\n'),
    )
    const rows: [string, () => Promise<Figures>][] = [
      ['bare Hono route (same JSON as GET /me)', () => wrk(bin, `${bare?.url}/me`)],
      ['GET /me', () => wrk(bin, `${api}/me`)],
      ['page read (GET .../files/{path})', () => wrk(bin, `${api}${space}/files/notes/note-7.md`)],
      [`tree at ${pages} pages`, () => wrk(bin, `${api}${space}/tree`)],
      [`tree at ${largePages} pages`, () => wrk(bin, `${api}${large}/tree`)],
      [`tree at ${largePages} pages, top folder (depth=1)`, () => wrk(bin, `${api}${large}/tree?depth=1`)],
      [
        `tree at ${largePages} pages, If-None-Match (304)`,
        () => wrk(bin, `${api}${large}/tree`, { headers: [`If-None-Match: ${etag}`] }),
      ],
      ['word search (GET /search mode=text)', () => wrk(bin, `${api}/search?q=postgres+runbook&mode=text`)],
      ['word search, a new query each time', () => wrk(bin, `${api}/search`, { script: searches })],
      [
        `page write (PUT, ${WRITE_CONNECTIONS} connections)`,
        () => wrk(bin, `${api}${space}/files/written/x.md`, { connections: WRITE_CONNECTIONS, script }),
      ],
    ]
    let floor = Number.NaN
    console.log(`  wrk -t1, ${SECONDS} s each, ${READ_CONNECTIONS} connections unless said`)
    for (const [name, measure] of rows) {
      await settled(server.pid)
      const figures = await measure()
      if (Number.isNaN(floor)) floor = figures.rps
      const ratio = (figures.rps / floor).toFixed(3)
      console.log(
        `  ${name.padEnd(42)} ${figures.rps.toFixed(0).padStart(7)} req/s   p50 ${figures.p50.toFixed(2).padStart(7)} ms   p99 ${figures.p99.toFixed(2).padStart(7)} ms   ratio ${ratio}${problems(figures)}`,
      )
    }
  } finally {
    await bare?.close()
    await server?.stop()
    await remote?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
