import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { addPerson } from '#shared/testing/builders/person.ts'
import { type LiveClient, liveClient } from '#shared/testing/live-client.ts'
import { describePostgres, type FreshDatabase, freshPostgresUrl } from '#shared/testing/postgres.ts'
import { type InProcessServer, startInProcess } from './testing/in-process-server.ts'

const run = promisify(execFile)
const TOKEN = 'live-instances-admin-token-0123456789ab'
const PAGE = { org: 'acme', space: 'docs', path: 'guides/setup.md' }
const FILE = `/organizations/acme/spaces/docs/files/${PAGE.path}`
const BASE = '# Setup\n\nInstall the tool.\n\nThen run it.\n'

describePostgres('live editing across two instances on one PostgreSQL', () => {
  let dataDir: string
  let database: FreshDatabase
  let first: InProcessServer
  let second: InProcessServer
  let clients: LiveClient[]
  let tokens: Record<'ada' | 'grace', string>

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'quire-live-instances-'))
    database = await freshPostgresUrl()
    clients = []
    const env = { SERVICE_DATABASE_URL: database.url }
    // One after the other: the first creates the admin, the second finds it.
    first = await startInProcess(dataDir, TOKEN, { env })
    second = await startInProcess(dataDir, TOKEN, { env })
    expect(
      (await first.api('POST', '/organizations', { slug: 'acme', name: 'Acme', join: true })).status,
    ).toBe(201)
    expect(
      (await first.api('POST', '/organizations/acme/spaces', { slug: 'docs', name: 'Docs' })).status,
    ).toBe(201)
    tokens = {
      ada: (await addPerson(first.server.deps, 'ada')).token,
      grace: (await addPerson(first.server.deps, 'grace')).token,
    }
    for (const name of ['ada', 'grace'])
      expect(
        (await first.api('PUT', `/organizations/acme/spaces/docs/members/${name}`, { role: 'contributor' }))
          .status,
      ).toBe(200)
    expect((await second.api('PUT', FILE, { content: BASE })).status).toBe(201)
  })

  afterEach(async () => {
    for (const client of clients) client.close()
    await Promise.all([first.server.close(), second.server.close()])
    await database.drop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  /** A person joining the page through one instance. */
  const enter = (on: InProcessServer, name: 'ada' | 'grace') => {
    const client = liveClient(
      on.server.url,
      PAGE,
      { token: tokens[name] },
      name[0]?.toUpperCase() + name.slice(1),
    )
    clients.push(client)
    return client
  }
  /** Every instance commits what it holds, until neither has anything left. */
  const idle = async () => {
    await first.server.live.idle()
    await second.server.live.idle()
    await first.server.live.idle()
  }
  const git = async (...args: string[]) =>
    (await run('git', ['--git-dir', join(dataDir, 'repos', '1.git'), ...args])).stdout
  const fileText = async (through: InProcessServer) =>
    (await (await through.api('GET', FILE)).json()) as { text: string; sha: string }
  /** Whether a client's people include someone of that name (as the server vouches for it). */
  const sees = (client: LiveClient, name: string) =>
    [...client.awareness.getStates().values()].some((state) => state.user?.name === name)

  it('two people on different instances type together and are committed once, in both names', async () => {
    const head = (await git('rev-parse', 'HEAD')).trim()
    const ada = enter(first, 'ada')
    await ada.synced
    const grace = enter(second, 'grace')
    await grace.synced
    expect(grace.text.toString()).toBe(BASE)
    ada.type('Ada wrote a long line about installing.\n')
    grace.type('Grace adds.\n', 0)
    const expected = `Grace adds.\n${BASE}Ada wrote a long line about installing.\n`
    await Promise.all([
      ada.until(() => ada.text.toString() === expected),
      grace.until(() => grace.text.toString() === expected),
    ])
    await idle()

    expect((await fileText(second)).text).toBe(expected)
    expect((await git('rev-list', `${head}..HEAD`)).trim().split('\n')).toHaveLength(1)
    const message = await git('log', '-1', '--format=%an <%ae>%n%B')
    expect(message).toContain('Ada <ada@example.com>')
    expect(message).toContain(`Edit ${PAGE.path} (2 people)`)
    expect(message).toContain('Co-authored-by: Grace <grace@example.com>')
    expect((await git('show', '--format=', '--numstat', 'HEAD')).trim()).toBe(`2\t0\tcontent/${PAGE.path}`)
  })

  it('tells the person on the other instance that what they typed is committed', async () => {
    const ada = enter(first, 'ada')
    await ada.synced
    const grace = enter(second, 'grace')
    await grace.synced
    ada.type('Ada wrote a long line about installing.\n')
    grace.type('Grace adds.\n', 0)
    await ada.until(() => ada.text.toString().startsWith('Grace adds.'))
    // Ada's instance commits both lines; Grace's then finds nothing left to commit.
    await idle()
    expect((await fileText(second)).text).toContain('Grace adds.')
    await ada.until(() => ada.statuses.some((s) => s.type === 'saved'))
    await grace.until(() => grace.statuses.some((s) => s.type === 'saved')).catch(() => {})
    expect(grace.statuses.map((s) => s.type)).toContain('saved')
  })

  it('shows each person to the other, whoever joined first', async () => {
    const ada = enter(first, 'ada')
    await ada.synced
    const grace = enter(second, 'grace')
    await grace.synced
    // Grace joined later, on the other instance: each must learn of the other all the same.
    const [adaSeesGrace, graceSeesAda] = await Promise.all([
      ada
        .until(() => sees(ada, 'Grace'))
        .then(
          () => true,
          () => false,
        ),
      grace
        .until(() => sees(grace, 'Ada'))
        .then(
          () => true,
          () => false,
        ),
    ])
    expect({ adaSeesGrace, graceSeesAda }).toEqual({ adaSeesGrace: true, graceSeesAda: true })
  })

  it('takes a REST write through one instance into the editors on both, without doubling a word', async () => {
    const ada = enter(first, 'ada')
    await ada.synced
    const grace = enter(second, 'grace')
    await grace.synced
    ada.type('Live line.\n')
    await grace.until(() => grace.text.toString() === `${BASE}Live line.\n`)
    const { sha } = await fileText(second)
    const edited = BASE.replace('Install the tool.', 'Install the tool with npm.')
    expect((await second.api('PUT', FILE, { content: edited, base_sha: sha })).status).toBe(200)
    const merged = `${edited}Live line.\n`
    await Promise.all([
      ada.until(() => ada.text.toString() === merged),
      grace.until(() => grace.text.toString() === merged),
    ])
    await idle()
    expect((await fileText(first)).text).toBe(merged)
    expect(ada.text.toString()).toBe(merged)
    expect(grace.text.toString()).toBe(merged)
  })

  it('takes a REST write through the instance nobody edits on into the editor on the other', async () => {
    const ada = enter(first, 'ada')
    await ada.synced
    ada.type('Live line.\n')
    await ada.until(() => ada.text.toString() === `${BASE}Live line.\n`)
    const { sha } = await fileText(second)
    const edited = BASE.replace('Then run it.', 'Then run it twice.')
    expect((await second.api('PUT', FILE, { content: edited, base_sha: sha })).status).toBe(200)
    const merged = `${edited}Live line.\n`
    await ada.until(() => ada.text.toString() === merged)
    await idle()
    expect((await fileText(second)).text).toBe(merged)
  })

  it('commits in the name of whoever typed since the last commit, whichever instance made it', async () => {
    const ada = enter(first, 'ada')
    await ada.synced
    const grace = enter(second, 'grace')
    await grace.synced
    ada.type('Ada wrote a long line about installing.\n')
    await grace.until(() => grace.text.toString().includes('Ada wrote'))
    // Ada's instance commits her line; then Grace, alone, types on hers.
    await first.server.live.idle()
    expect(await git('log', '-1', '--format=%an')).toBe('Ada\n')
    grace.type('Grace adds.\n', 0)
    await ada.until(() => ada.text.toString().startsWith('Grace adds.'))
    await idle()
    const message = await git('log', '-1', '--format=%an <%ae>%n%B')
    expect(message).toContain('Grace <grace@example.com>')
    expect(message).not.toContain('Ada')
    expect((await git('show', '--format=', '--numstat', 'HEAD')).trim()).toBe(`1\t0\tcontent/${PAGE.path}`)
  })
})
