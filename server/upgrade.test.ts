import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import Database from 'better-sqlite3'
import * as tar from 'tar'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callApi, launchServer, type ServerProcess } from './testing/server-process.ts'

const run = promisify(execFile)

/**
 * A data folder made by an earlier release (see scripts/upgrade-fixture/make.sh: that release's own
 * server, filled through its API by seed.ts) starts on the current code, which migrates its
 * database at start, and everything the release acknowledged reads back.
 */
const FIXTURE = join(import.meta.dirname, 'testing', 'fixtures', 'release-2026-11-28-f49da8d.tar.gz')
const MIGRATIONS = join(import.meta.dirname, '..', 'shared', 'adapters', 'sqlite', 'migrations')

type Expected = {
  admin: { username: string; token: string }
  ada: { username: string; password: string; token: string }
  organization: string
  spaces: string[]
  files: { path: string; sha: string; base64: string }[]
  moved: { from: string; to: string }
  deleted: string[]
  inbox: string[]
  webhooks: string[]
  routines: string[]
}

let dir: string
let dataDir: string
let expected: Expected
let server: ServerProcess
let url: string
const space = '/organizations/acme/spaces/handbook'

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'quire-upgrade-'))
  await tar.x({ file: FIXTURE, cwd: dir })
  dataDir = join(dir, 'data')
  expected = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as Expected
  server = launchServer(dataDir, {})
  url = await server.listening
}, 60_000)

afterAll(async () => {
  server?.child.kill('SIGTERM')
  await server?.exited
  rmSync(dir, { recursive: true, force: true })
})

const admin = (method: string, path: string, body?: unknown) =>
  callApi(url, expected.admin.token, method, path, body)

describe('a data folder of an earlier release, on the current code', () => {
  it('has every migration of the current code applied, the older ones kept', async () => {
    const journal = JSON.parse(readFileSync(join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[]
    }
    const db = new Database(join(dataDir, 'service.db'), { readonly: true })
    const applied = db.prepare('select count(*) as n from __drizzle_migrations').get() as { n: number }
    db.close()
    expect(applied.n).toBe(journal.entries.length)
  })

  it("keeps the accounts: the admin's token, Ada's password and her read-only token for one space", async () => {
    const me = await admin('GET', '/me')
    expect(me.status).toBe(200)
    expect(await me.json()).toMatchObject({ username: 'admin', is_superadmin: true })

    const signIn = await fetch(`${url}/api/v1/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ username: expected.ada.username, password: expected.ada.password }),
    })
    expect(signIn.status).toBe(200)

    const ada = (method: string, path: string, body?: unknown) =>
      callApi(url, expected.ada.token, method, path, body)
    expect((await ada('GET', `${space}/files/welcome.md`)).status).toBe(200)
    const write = await ada('PUT', `${space}/files/by-ada.md`, { content: '# Mine\n' })
    expect(write.status).toBe(403)
    // Restricted to the handbook: the archive is as if it did not exist.
    expect((await ada('GET', '/organizations/acme/spaces/archive/tree')).status).toBe(404)
  })

  it('keeps the organization, its spaces and their members', async () => {
    const spaces = (await (await admin('GET', '/organizations/acme/spaces')).json()) as { slug: string }[]
    expect(spaces.map((s) => s.slug).sort()).toEqual(expected.spaces)
    const members = (await (await admin('GET', `${space}/members`)).json()) as {
      username: string
      role: string
    }[]
    expect(members).toEqual(
      expect.arrayContaining([expect.objectContaining({ username: 'ada', role: 'contributor' })]),
    )
  })

  it('reads back every file byte for byte with the hash the release gave it; the move and the delete hold', async () => {
    const tree = await admin('GET', `${space}/tree`)
    expect(tree.status).toBe(200)
    const listed = ((await tree.json()) as { path: string }[]).map((f) => f.path).sort()
    // The release's routine (weekly, Monday 08:00) writes its report whenever this runs after its
    // first due time: that page is the routine's, every other file the release's.
    const routines = (await (await admin('GET', `${space}/routines`)).json()) as { output_page: string }[]
    const reports = new Set(routines.map((r) => r.output_page))
    expect(listed.filter((path) => !reports.has(path))).toEqual(expected.files.map((f) => f.path).sort())
    for (const file of expected.files) {
      const raw = await admin('GET', `${space}/raw/${file.path}`)
      expect(Buffer.from(await raw.arrayBuffer()).toString('base64'), file.path).toBe(file.base64)
      const read = (await (await admin('GET', `${space}/files/${file.path}`)).json()) as { sha: string }
      expect(read.sha, file.path).toBe(file.sha)
    }
    expect((await admin('GET', `${space}/files/${expected.moved.from}`)).status).toBe(404)
    for (const path of expected.deleted)
      expect((await admin('GET', `${space}/files/${path}`)).status).toBe(404)
    const history = (await (await admin('GET', `${space}/history/${expected.moved.to}`)).json()) as unknown[]
    expect(history.length).toBeGreaterThanOrEqual(1)
    const verified = (await (await admin('GET', `${space}/files/reference/backups.md`)).json()) as {
      freshness: { owner: string | null }
    }
    expect(verified.freshness.owner).toBe('ada')
  })

  it('finds pages by their words and keeps the vectors made by the release', async () => {
    const results = (await (await admin('GET', '/search?q=nightly%20backup&mode=text')).json()) as {
      path: string
    }[]
    expect(results.map((r) => r.path)).toContain('reference/backups.md')
    const semantic = (await (await admin('GET', `${space}/semantic`)).json()) as {
      enabled: boolean
      files: number
      waiting: number
    }
    expect(semantic).toMatchObject({ enabled: true, waiting: 0 })
    expect(semantic.files).toBeGreaterThanOrEqual(expected.files.filter((f) => f.path.endsWith('.md')).length)
  })

  it('keeps the inbox, the routine and the webhook (whose secret is still sealed with the same key)', async () => {
    const inbox = (await (await admin('GET', `${space}/inbox?kind=note`)).json()) as { title: string }[]
    expect(inbox.map((i) => i.title)).toEqual(expected.inbox)
    const routines = (await (await admin('GET', `${space}/routines`)).json()) as { name: string }[]
    expect(routines.map((r) => r.name)).toEqual(expected.routines)
    const hooks = (await (await admin('GET', '/organizations/acme/webhooks')).json()) as {
      id: number
      url: string
    }[]
    expect(hooks.map((h) => h.url)).toEqual(expected.webhooks)
    // Deleted before the write below, so that no delivery leaves this machine.
    for (const hook of hooks)
      expect((await admin('DELETE', `/organizations/acme/webhooks/${hook.id}`)).status).toBe(204)
  })

  it('takes new writes on the old repositories, which git fsck finds whole', async () => {
    const hooks = (await (await admin('GET', '/organizations/acme/webhooks')).json()) as unknown[]
    expect(hooks).toEqual([])
    const write = await admin('PUT', `${space}/files/after-upgrade.md`, { content: '# After the upgrade\n' })
    expect(write.status).toBe(201)
    const read = (await (await admin('GET', `${space}/files/after-upgrade.md`)).json()) as { text: string }
    expect(read.text).toBe('# After the upgrade\n')
    for (const repo of ['1.git', '2.git']) {
      await expect(
        run('git', ['--git-dir', join(dataDir, 'repos', repo), 'fsck', '--strict']),
      ).resolves.toBeDefined()
    }
  })
})
