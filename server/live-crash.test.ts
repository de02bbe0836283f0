import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { addPerson } from '#shared/testing/builders/person.ts'
import { type LiveClient, liveClient } from '#shared/testing/live-client.ts'
import { type InProcessServer, startInProcess } from './testing/in-process-server.ts'
import { callApi, launchServer, type ServerProcess } from './testing/server-process.ts'

const run = promisify(execFile)
const TOKEN = 'live-crash-admin-token-0123456789abcdef'
const PAGE = { org: 'acme', space: 'docs', path: 'guides/setup.md' }
const FILES = `/organizations/acme/spaces/docs/files/${PAGE.path}`
const BASE = '# Setup\n\nInstall the tool.\n\nThen run it.\n'
/** Rounds of typing and killing; `LIVE_CRASH_ROUNDS=20 npm run test:unit -- server/live-crash.test.ts` runs a longer one. */
const ROUNDS = Number(process.env.LIVE_CRASH_ROUNDS ?? 3)

let dataDir: string
let server: ServerProcess | undefined
let clients: LiveClient[]
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'quire-live-crash-'))
  clients = []
})
afterEach(() => {
  for (const client of clients) client.close()
  server?.child.kill('SIGKILL')
  server = undefined
  rmSync(dataDir, { recursive: true, force: true })
})

const start = async () => {
  server = launchServer(dataDir, { SERVICE_ADMIN_TOKEN: TOKEN })
  return server.listening
}

async function git(...args: string[]): Promise<string> {
  const { stdout } = await run('git', ['--git-dir', join(dataDir, 'repos', '1.git'), ...args])
  return stdout.trim()
}

/**
 * Makes the organization, the space and the page, and the people as an admin would over the API:
 * each account signs in and makes a token for itself. Answers each person's token, by name.
 */
async function setUp(url: string, roles: Record<string, 'contributor' | 'reader'>) {
  const admin = (method: string, path: string, body?: unknown) => callApi(url, TOKEN, method, path, body)
  expect((await admin('POST', '/organizations', { slug: 'acme', name: 'Acme', join: true })).status).toBe(201)
  expect((await admin('POST', '/organizations/acme/spaces', { slug: 'docs', name: 'Docs' })).status).toBe(201)
  const tokens: Record<string, string> = {}
  for (const [name, role] of Object.entries(roles)) {
    const password = `${name}-password-of-some-length`
    const account = {
      username: name,
      display_name: name[0]?.toUpperCase() + name.slice(1),
      password,
      email: `${name}@example.com`,
    }
    expect((await admin('POST', '/users', account)).status).toBe(201)
    expect((await admin('PUT', `/organizations/acme/spaces/docs/members/${name}`, { role })).status).toBe(200)
    tokens[name] = await tokenOf(url, name, password)
  }
  expect((await admin('PUT', FILES, { content: BASE })).status).toBe(201)
  return tokens
}

/** Signs in as `username` and makes a personal token, as a person does on their account page. */
async function tokenOf(url: string, username: string, password: string): Promise<string> {
  const session = await fetch(`${url}/api/v1/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  })
  expect(session.status).toBe(200)
  const cookie = (session.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
  const made = await fetch(`${url}/api/v1/me/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-requested-with': 'fetch' },
    body: JSON.stringify({ name: 'live', days: null }),
  })
  expect(made.status).toBe(201)
  return ((await made.json()) as { token: string }).token
}

const enter = (url: string, token: string, name: string) => {
  const client = liveClient(url, PAGE, { token }, name)
  clients.push(client)
  return client
}

async function fileText(url: string): Promise<string> {
  const response = await callApi(url, TOKEN, 'GET', FILES)
  expect(response.status).toBe(200)
  return ((await response.json()) as { text: string }).text
}

/** Polls until `probe` gives a value, for at most `ms`. */
async function eventually<T>(probe: () => Promise<T | undefined>, ms: number): Promise<T> {
  const until = Date.now() + ms
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > until) throw new Error('gave up waiting')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe('a SIGTERM while a person types', () => {
  it('commits what was typed, in their name, before the process exits', async () => {
    let url = await start()
    const tokens = await setUp(url, { ada: 'contributor', linus: 'reader' })
    const ada = enter(url, tokens.ada as string, 'Ada')
    // Someone else in the page sees the line: it reached the server.
    const linus = enter(url, tokens.linus as string, 'Linus')
    await Promise.all([ada.synced, linus.synced])
    ada.type('Typed just before the stop.\n')
    await linus.until(() => linus.text.toString().includes('Typed just before the stop.'))

    server?.child.kill('SIGTERM')
    // 0 only when the stop finished within its time: past it the process exits with 1.
    expect(await server?.exited).toBe(0)
    expect(await ada.closed).toBe(1012)
    expect(ada.statuses.map((s) => s.type)).toContain('closing')

    url = await start()
    expect(await fileText(url)).toBe(`${BASE}Typed just before the stop.\n`)
    expect(await git('log', '-1', '--format=%an <%ae>%n%B')).toBe(
      `Ada <ada@example.com>\nEdit ${PAGE.path}\n\nSource: api\nVia: API · live`,
    )
    expect(await git('show', '--format=', '--numstat', 'HEAD')).toBe(`1\t0\tcontent/${PAGE.path}`)
  }, 60_000)
})

describe('a kill -9 while two people type', () => {
  it(
    'commits at the next start every update a third person saw, in the names of those who typed it',
    async () => {
      let url = await start()
      const tokens = await setUp(url, { ada: 'contributor', grace: 'contributor', linus: 'reader' })
      for (let round = 0; round < ROUNDS; round++) {
        const before = await git('rev-parse', 'HEAD')
        const ada = enter(url, tokens.ada as string, 'Ada')
        const grace = enter(url, tokens.grace as string, 'Grace')
        const linus = enter(url, tokens.linus as string, 'Linus')
        await Promise.all([ada.synced, grace.synced, linus.synced])

        // Ada's lines are the longer ones: she changes the most, and is the commit's author.
        let typing = true
        const typist = async (type: (i: number) => void) => {
          for (let i = 0; typing; i++) {
            type(i)
            await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 20))
          }
        }
        const typists = [
          typist((i) => ada.type(`Ada, round ${round}, line ${i}: the longer explanation of a step.\n`)),
          typist((i) => grace.type(`Grace ${round}.${i}\n`, BASE.indexOf('\n') + 1)),
        ]
        const seen = (who: string) =>
          linus.text
            .toString()
            .split('\n')
            .filter(
              (line) => line.startsWith(`${who} ${round}.`) || line.startsWith(`${who}, round ${round},`),
            )
        await linus.until(() => seen('Ada').length >= 5 && seen('Grace').length >= 5, 20_000)
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 500))
        server?.child.kill('SIGKILL')
        typing = false
        await server?.exited
        await Promise.all(typists)
        // Everything the server passed on before it died has been read once the connection is closed.
        await linus.closed
        const saw = [...seen('Ada'), ...seen('Grace')]

        url = await start()
        // The start commits what the previous process kept but had not committed.
        const head = await eventually(async () => {
          const now = await git('rev-parse', 'HEAD')
          return now === before ? undefined : now
        }, 30_000)
        const text = (await fileText(url)).split('\n')
        expect(saw.filter((line) => !text.includes(line))).toEqual([])
        // Nothing but what was there and what was typed.
        const typed = /^(Ada, round \d+, line \d+: the longer explanation of a step\.|Grace \d+\.\d+)$/
        expect(text.filter((line) => !BASE.split('\n').includes(line) && !typed.test(line))).toEqual([])
        expect(await git('log', '-1', '--format=%an <%ae>%n%B', head)).toBe(
          `Ada <ada@example.com>\nEdit ${PAGE.path} (2 people)\n\nSource: web\nVia: Web · live\nCo-authored-by: Grace <grace@example.com>`,
        )
        await git('fsck', '--strict', '--no-dangling')
        const history = (await git('rev-list', '--parents', 'HEAD'))
          .split('\n')
          .map((line) => line.split(' '))
        expect(history.filter((commit) => commit.length === 1)).toHaveLength(1)
        expect(history.every((commit) => commit.length <= 2)).toBe(true)
        for (const client of clients) client.close()
      }
    },
    60_000 + ROUNDS * 30_000,
  )
})

describe('a kill -9 after a flush committed and before the log was told', () => {
  let quire: InProcessServer | undefined
  afterEach(() => quire?.server.close())

  /** The page on a fresh server, and Ada (a contributor) in its live session. */
  async function adaInThePage(server: InProcessServer) {
    const admin = server.api
    expect((await admin('POST', '/organizations', { slug: 'acme', name: 'Acme', join: true })).status).toBe(
      201,
    )
    expect((await admin('POST', '/organizations/acme/spaces', { slug: 'docs', name: 'Docs' })).status).toBe(
      201,
    )
    const ada = (await addPerson(server.server.deps, 'ada')).token
    expect(
      (await admin('PUT', '/organizations/acme/spaces/docs/members/ada', { role: 'contributor' })).status,
    ).toBe(200)
    expect((await admin('PUT', FILES, { content: BASE })).status).toBe(201)
    const typist = liveClient(server.server.url, PAGE, { token: ada }, 'Ada')
    clients.push(typist)
    await typist.synced
    return { ada, typist }
  }

  it('commits nothing twice at the next start: the page holds what was typed once', async () => {
    quire = await startInProcess(dataDir, TOKEN)
    const { ada, typist } = await adaInThePage(quire)
    typist.type('Typed once.\n')

    // The log as it stood while the flush ran: its updates kept, the document's base the old text.
    const file = join(dataDir, 'service.db')
    const read = () => {
      const db = new Database(file, { readonly: true })
      try {
        return {
          docs: db.prepare('SELECT * FROM collab_docs').all() as Record<string, unknown>[],
          updates: db.prepare('SELECT * FROM collab_updates').all() as Record<string, unknown>[],
        }
      } finally {
        db.close()
      }
    }
    let kept = read()
    for (let i = 0; i < 50 && kept.updates.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      kept = read()
    }
    expect(kept.updates.length).toBeGreaterThan(0)
    await quire.server.live.idle()
    const committed = await git('rev-parse', 'HEAD')
    typist.close()
    await quire.server.close()
    // What a kill -9 between the commit and the log's settling leaves: the commit, and the log unsettled.
    const db = new Database(file)
    db.transaction(() => {
      for (const doc of kept.docs)
        db.prepare('UPDATE collab_docs SET state = ?, base_blob = ? WHERE id = ?').run(
          doc.state,
          doc.base_blob,
          doc.id,
        )
      for (const update of kept.updates)
        db.prepare(
          'INSERT INTO collab_updates (seq, doc_id, account_id, "update", at) VALUES (?, ?, ?, ?, ?)',
        ).run(update.seq, update.doc_id, update.account_id, update.update, update.at)
    })()
    db.close()

    quire = await startInProcess(dataDir, TOKEN)
    const back = liveClient(quire.server.url, PAGE, { token: ada }, 'Ada')
    clients.push(back)
    await back.synced
    expect(back.text.toString()).toBe(`${BASE}Typed once.\n`)
    await quire.server.live.idle()
    const page = await quire.api('GET', FILES)
    expect(((await page.json()) as { text: string }).text).toBe(`${BASE}Typed once.\n`)
    expect(await git('rev-parse', 'HEAD')).toBe(committed)
  })

  it('settles the flush it finds in the history, then commits what arrived after it once', async () => {
    quire = await startInProcess(dataDir, TOKEN)
    const { ada, typist } = await adaInThePage(quire)
    const file = join(dataDir, 'service.db')
    const rows = (sql: string) => {
      const db = new Database(file, { readonly: true })
      try {
        return db.prepare(sql).all() as Record<string, unknown>[]
      } finally {
        db.close()
      }
    }
    const waitForRows = async (count: number) => {
      for (let i = 0; i < 100 && rows('SELECT seq FROM collab_updates').length < count; i++)
        await new Promise((resolve) => setTimeout(resolve, 50))
      expect(rows('SELECT seq FROM collab_updates').length).toBe(count)
    }
    typist.type('Typed once.\n')
    await waitForRows(1)
    const before = { docs: rows('SELECT * FROM collab_docs'), updates: rows('SELECT * FROM collab_updates') }
    await quire.server.live.idle()
    const flushed = await git('rev-parse', 'HEAD')
    const flushedState = rows('SELECT state FROM collab_docs')[0]?.state
    // Typing goes on after the flush read the text: one more update, not yet committed.
    typist.type('After the flush.\n')
    await waitForRows(1)
    const after = rows('SELECT * FROM collab_updates')
    typist.close()
    await quire.server.close()

    // What a kill -9 between the flush's commit and its settling leaves, once a later update had come:
    // the commit, the flush's intent, the log as it stood, and the later update.
    const intent = JSON.stringify({
      blob: (await git('rev-parse', `${flushed}:content/${PAGE.path}`)).trim(),
      head: (await git('rev-parse', `${flushed}^`)).trim(),
      seqs: before.updates.map((u) => u.seq),
    })
    await git('update-ref', 'refs/heads/main', flushed.trim())
    const db = new Database(file)
    db.transaction(() => {
      for (const doc of before.docs)
        db.prepare(
          'UPDATE collab_docs SET state = ?, base_blob = ?, intent = ?, intent_state = ? WHERE id = ?',
        ).run(doc.state, doc.base_blob, intent, flushedState, doc.id)
      db.prepare('DELETE FROM collab_updates').run()
      for (const update of [...before.updates, ...after])
        db.prepare(
          'INSERT INTO collab_updates (seq, doc_id, account_id, "update", at) VALUES (?, ?, ?, ?, ?)',
        ).run(update.seq, update.doc_id, update.account_id, update.update, update.at)
    })()
    db.close()

    quire = await startInProcess(dataDir, TOKEN)
    const back = liveClient(quire.server.url, PAGE, { token: ada }, 'Ada')
    clients.push(back)
    await back.synced
    const expected = `${BASE}Typed once.\nAfter the flush.\n`
    expect(back.text.toString()).toBe(expected)
    await quire.server.live.idle()
    const page = await quire.api('GET', FILES)
    expect(((await page.json()) as { text: string }).text).toBe(expected)
    expect((await git('rev-parse', 'HEAD^')).trim()).toBe(flushed.trim())
    expect(await git('show', '--format=', '--numstat', 'HEAD')).toBe(`1\t0\tcontent/${PAGE.path}`)
  })
})
