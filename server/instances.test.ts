import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { describePostgres, type FreshDatabase, freshPostgresUrl } from '#shared/testing/postgres.ts'
import { callApi, launchServer, type ServerProcess } from './testing/server-process.ts'

const run = promisify(execFile)
const TOKEN = 'two-instances-admin-token-0123456789'
const SPACE = '/organizations/acme/spaces/wiki'
const WRITERS = 20
/** How long a page may take to be found by its words: indexing runs after the write's answer. */
const INDEXED_WITHIN = { timeout: 10_000, interval: 100 }

/** Git's verdict on the space's repository: fsck clean, and each path's commits, oldest first. */
async function commitsByPath(gitdir: string): Promise<Map<string, number>> {
  await run('git', ['--git-dir', gitdir, 'fsck', '--strict', '--no-dangling'])
  const { stdout } = await run('git', ['--git-dir', gitdir, 'log', '--format=', '--name-only', 'HEAD'])
  const counts = new Map<string, number>()
  for (const path of stdout.split('\n').filter(Boolean)) counts.set(path, (counts.get(path) ?? 0) + 1)
  return counts
}

describePostgres('two instances on one database and one repositories folder', () => {
  let dataDir: string
  let database: FreshDatabase
  let servers: ServerProcess[] = []
  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'quire-instances-'))
    database = await freshPostgresUrl()
  })
  afterEach(async () => {
    for (const server of servers) server.child.kill('SIGKILL')
    await Promise.all(servers.map((s) => s.exited))
    servers = []
    await database.drop()
    rmSync(dataDir, { recursive: true, force: true })
  })
  const start = () => {
    const server = launchServer(dataDir, { SERVICE_ADMIN_TOKEN: TOKEN, SERVICE_DATABASE_URL: database.url })
    servers.push(server)
    return server.listening
  }
  const put = (url: string, path: string, body: Record<string, unknown>) =>
    callApi(url, TOKEN, 'PUT', `${SPACE}/files/${path}`, body)

  it('takes 20 concurrent writers split between them, and goes on when one is killed mid-write', async () => {
    const first = await start()
    expect(
      (await callApi(first, TOKEN, 'POST', '/organizations', { slug: 'acme', name: 'Acme', join: true }))
        .status,
    ).toBe(201)
    expect(
      (await callApi(first, TOKEN, 'POST', '/organizations/acme/spaces', { slug: 'wiki', name: 'Wiki' }))
        .status,
    ).toBe(201)
    const second = await start()
    const urls = [first, second]
    const shared = await put(first, 'shared.md', { content: '# Shared\n' })
    expect(shared.status).toBe(201)
    const base = ((await shared.json()) as { sha: string }).sha

    // Each writer adds a page of its own, then every writer replaces the shared page from the same
    // base: one replacement wins, the others are told the page moved on.
    const outcomes = await Promise.all(
      Array.from({ length: WRITERS }, async (_, w) => {
        const url = urls[w % 2] as string
        const own = await put(url, `writers/w${w}.md`, {
          content: `# Writer ${w}\n\nquokka${w}x was here.\n`,
        })
        const replace = await put(url, 'shared.md', {
          content: `# Shared\n\nWriter ${w} won.\n`,
          base_sha: base,
        })
        return { own: own.status, replace: replace.status }
      }),
    )
    expect(outcomes.map((o) => o.own)).toEqual(Array(WRITERS).fill(201))
    expect(outcomes.filter((o) => o.replace === 200)).toHaveLength(1)
    expect(outcomes.filter((o) => o.replace === 409)).toHaveLength(WRITERS - 1)

    const gitdir = join(dataDir, 'repos', '1.git')
    const counts = await commitsByPath(gitdir)
    for (let w = 0; w < WRITERS; w++) expect(counts.get(`content/writers/w${w}.md`)).toBe(1)
    expect(counts.get('content/shared.md')).toBe(2)

    // Both instances find every page by its words, whichever instance wrote it, once it is indexed
    // (in the background, after the write's answer).
    for (const url of urls) {
      for (const w of [0, 1, 7, 18, 19]) {
        await expect
          .poll(async () => {
            const response = await callApi(url, TOKEN, 'GET', `/search?q=quokka${w}x&mode=text`)
            const results = (await response.json()) as { path: string }[]
            return results.map((r) => r.path)
          }, INDEXED_WITHIN)
          .toEqual([`writers/w${w}.md`])
      }
    }

    // One instance is killed while both take writes; what either acknowledged is all there.
    const acknowledged = new Map<string, string>()
    let stopping = false
    const writer = async (url: string, w: number) => {
      for (let i = 0; !stopping; i++) {
        const path = `after/w${w}-${i}.md`
        const content = `# After, writer ${w}, write ${i}\n`
        try {
          const response = await put(url, path, { content })
          if (response.status === 201) acknowledged.set(path, content)
          else await response.arrayBuffer()
        } catch {
          if (url === first) return // the killed instance never answered this one
        }
      }
    }
    const writers = Array.from({ length: 6 }, (_, w) => writer(urls[w % 2] as string, w))
    await new Promise((resolve) => setTimeout(resolve, 500))
    servers[0]?.child.kill('SIGKILL')
    await servers[0]?.exited
    // The survivor keeps taking writes after the kill, the killed one's space lock included.
    await new Promise((resolve) => setTimeout(resolve, 500))
    stopping = true
    await Promise.all(writers)
    const late = await put(second, 'after/last.md', { content: '# Last\n' })
    expect(late.status).toBe(201)

    expect(acknowledged.size).toBeGreaterThan(6)
    const missing: string[] = []
    for (const [path, content] of acknowledged) {
      const response = await callApi(second, TOKEN, 'GET', `${SPACE}/files/${path}`)
      const text = response.status === 200 ? ((await response.json()) as { text: string }).text : undefined
      if (text !== content) missing.push(path)
    }
    expect(missing).toEqual([])
    const after = await commitsByPath(gitdir)
    for (const path of acknowledged.keys()) expect(after.get(`content/${path}`)).toBe(1)
  }, 120_000)
})
