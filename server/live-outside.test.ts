import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { addPerson } from '#shared/testing/builders/person.ts'
import { githubToken } from '#shared/testing/fixtures/secrets.ts'
import { cloneWork, isolatedGitEnv } from '#shared/testing/git-cli.ts'
import { type GitRemote, startGitRemote } from '#shared/testing/git-remote.ts'
import { type LiveClient, liveClient } from '#shared/testing/live-client.ts'
import { type InProcessServer, startInProcess } from './testing/in-process-server.ts'

const run = promisify(execFile)
const TOKEN = 'live-outside-admin-token-0123456789abc'
const PAGE = { org: 'acme', space: 'docs', path: 'guides/setup.md' }
const BASE = '# Setup\n\nInstall the tool.\n\nThen run it.\n'
/** Typed a keystroke at a time at the end of the page while the outside change comes in. */
const TYPED = 'While it comes in, I keep typing.'

let dataDir: string
let quire: InProcessServer
let remote: GitRemote | undefined
let clients: LiveClient[]
let people: Record<string, string>

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'quire-live-outside-'))
  quire = await startInProcess(dataDir, TOKEN)
  clients = []
  remote = undefined
  expect((await quire.api('POST', '/organizations', { slug: 'acme', name: 'Acme', join: true })).status).toBe(
    201,
  )
  people = {}
  for (const name of ['ada', 'linus']) people[name] = (await addPerson(quire.server.deps, name)).token
})

afterEach(async () => {
  for (const client of clients) client.close()
  await quire.server.close()
  await remote?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

/** Makes a space (on a remote when `repoUrl` is given): Ada may write in it, Linus read. */
async function makeSpace(slug: string, repoUrl?: string) {
  const made = await quire.api('POST', '/organizations/acme/spaces', { slug, name: slug, repo_url: repoUrl })
  expect(made.status).toBe(201)
  for (const [name, role] of [
    ['ada', 'contributor'],
    ['linus', 'reader'],
  ] as const) {
    const put = await quire.api('PUT', `/organizations/acme/spaces/${slug}/members/${name}`, { role })
    expect(put.status).toBe(200)
  }
}

async function writePage(content = BASE) {
  const write = await quire.api('PUT', `/organizations/acme/spaces/docs/files/${PAGE.path}`, { content })
  expect(write.status).toBe(201)
}

/** Who wrote the space's last commit, as Git says. */
async function lastAuthor(): Promise<string> {
  const { stdout } = await run('git', [
    '--git-dir',
    join(dataDir, 'repos', '1.git'),
    'log',
    '-1',
    '--format=%an',
  ])
  return stdout.trim()
}

const enter = (name: 'ada' | 'linus', page = PAGE) => {
  const client = liveClient(quire.server.url, page, { token: people[name] as string }, name)
  clients.push(client)
  return client
}

async function readFile(space: string, path: string) {
  const response = await quire.api('GET', `/organizations/acme/spaces/${space}/files/${path}`)
  return { status: response.status, ...((await response.json()) as { text: string; sha: string }) }
}

/** The changes the server made to a person's text, each as Yjs gave it to the editor (its delta). */
function editsSeenBy(client: LiveClient) {
  const edits: { inserted: string; deleted: number }[] = []
  client.text.observe((event, transaction) => {
    if (transaction.local) return
    let inserted = ''
    let deleted = 0
    for (const op of event.delta) {
      if (typeof op.insert === 'string') inserted += op.insert
      deleted += op.delete ?? 0
    }
    edits.push({ inserted, deleted })
  })
  return edits
}

/**
 * Types `TYPED` into the page a keystroke at a time, at its end, while `change` brings in an
 * outside change and until `arrived` holds; then finishes the sentence. Answers once all is typed.
 */
async function typeThrough(client: LiveClient, change: () => Promise<void>, arrived: () => boolean) {
  let i = 0
  const keystroke = async () => {
    client.type(TYPED[i++] as string)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  const changed = change()
  while (i < TYPED.length / 2) await keystroke()
  await changed
  while (!arrived() && i < TYPED.length) await keystroke()
  await client.until(arrived, 15_000)
  while (i < TYPED.length) await keystroke()
}

describe('an outside change reaches an open editor as the smallest edit, with no keystroke lost', () => {
  it('from a REST write', async () => {
    await makeSpace('docs')
    await writePage()
    const ada = enter('ada')
    await ada.synced
    const edits = editsSeenBy(ada)
    const changed = BASE.replace('Install the tool.', 'Install the tool with npm.')
    await typeThrough(
      ada,
      async () => {
        const { sha } = await readFile('docs', PAGE.path)
        const rest = await quire.api('PUT', `/organizations/acme/spaces/docs/files/${PAGE.path}`, {
          content: changed,
          base_sha: sha,
        })
        expect(rest.status).toBe(200)
      },
      () => ada.text.toString().includes('with npm'),
    )
    expect(edits).toEqual([{ inserted: ' with npm', deleted: 0 }])
    expect(ada.text.toString()).toBe(`${changed}${TYPED}`)
    await quire.server.live.idle()
    expect((await readFile('docs', PAGE.path)).text).toBe(`${changed}${TYPED}`)
  })

  it('from a Git push to the server', async () => {
    await makeSpace('docs')
    await writePage()
    const url = `${quire.server.url.replace('//', `//admin:${TOKEN}@`)}/git/acme/docs.git`
    const clone = await cloneWork(url, join(dataDir, 'clone'), isolatedGitEnv(dataDir))
    const changed = BASE.replace('Then run it.', 'Then run it twice.')
    await clone.write(`content/${PAGE.path}`, changed)
    await clone.commitAll('Run it twice')
    const ada = enter('ada')
    const linus = enter('linus')
    await Promise.all([ada.synced, linus.synced])
    const edits = editsSeenBy(linus)
    await typeThrough(
      ada,
      () => clone.push(),
      () => ada.text.toString().includes('twice'),
    )
    await linus.until(() => linus.text.toString() === `${changed}${TYPED}`)
    expect(ada.text.toString()).toBe(`${changed}${TYPED}`)
    // The one who only watched saw the pushed words arrive by themselves, between the keystrokes.
    expect(edits.filter((edit) => edit.inserted.length > 1 || edit.deleted > 0)).toEqual([
      { inserted: ' twice', deleted: 0 },
    ])
    await quire.server.live.idle()
    expect((await readFile('docs', PAGE.path)).text).toBe(`${changed}${TYPED}`)
  })

  it('from a sync with the space’s remote, after someone else pushed there', async () => {
    remote = await startGitRemote()
    await remote.createRepo('acme/docs.git', { files: { [`content/${PAGE.path}`]: BASE } })
    await makeSpace('docs', remote.url('acme/docs.git'))
    const credentials = await quire.api('PUT', '/organizations/acme/spaces/docs/git/credentials', {
      kind: 'https',
      token: `${remote.username}:${remote.password}`,
    })
    expect(credentials.status).toBe(204)
    const sync = async () => {
      expect((await quire.api('POST', '/organizations/acme/spaces/docs/git/sync')).status).toBe(202)
    }
    await sync()
    for (let i = 0; i < 150 && (await readFile('docs', PAGE.path)).status !== 200; i++)
      await new Promise((resolve) => setTimeout(resolve, 100))
    const ada = enter('ada')
    await ada.synced
    const edits = editsSeenBy(ada)
    const elsewhere = await remote.clone('acme/docs.git')
    const changed = BASE.replace('Then run it.', 'Then start it.')
    await elsewhere.write(`content/${PAGE.path}`, changed)
    await elsewhere.commitAll('Start it')
    await elsewhere.push()

    await typeThrough(ada, sync, () => ada.text.toString().includes('start it'))
    expect(ada.text.toString()).toBe(`${changed}${TYPED}`)
    // Only the changed word: "run" became "start", nothing around it was taken out and put back.
    const changes = edits.filter((edit) => edit.inserted.length > 1 || edit.deleted > 0)
    expect(changes).toHaveLength(1)
    expect(changes[0]?.deleted).toBeLessThanOrEqual('run'.length)
    expect(changes[0]?.inserted.length).toBeLessThanOrEqual('start'.length)
    await quire.server.live.idle()
    expect((await readFile('docs', PAGE.path)).text).toBe(`${changed}${TYPED}`)
  })
})

describe('a page that leaves while people are in it', () => {
  it('takes what was typed to the page’s new place when it is moved, and tells the people in it where', async () => {
    await makeSpace('docs')
    await writePage()
    const ada = enter('ada')
    const linus = enter('linus')
    await Promise.all([ada.synced, linus.synced])
    ada.type('Unsaved thought.\n')
    await linus.until(() => linus.text.toString().includes('Unsaved thought.'))
    const moved = await quire.api('POST', '/organizations/acme/spaces/docs/move', {
      from: PAGE.path,
      to: 'guides/install.md',
    })
    expect(moved.status).toBe(200)

    await ada.until(() => ada.statuses.some((s) => s.type === 'gone'), 10_000)
    expect(await ada.closed).toBe(4404)
    for (const client of [ada, linus])
      expect(client.statuses.find((s) => s.type === 'gone')).toMatchObject({
        note: null,
        moved: 'guides/install.md',
        message: 'This page was moved to guides/install.md: what was typed in it went with it.',
      })
    expect((await readFile('docs', 'guides/install.md')).text).toContain('Unsaved thought.')
    const inbox = (await (await quire.api('GET', '/organizations/acme/spaces/docs/inbox')).json()) as {
      title: string
    }[]
    expect(inbox.map((item) => item.title)).not.toContain(`Unsaved edits of ${PAGE.path}`)
    expect(await lastAuthor()).toBe('Ada')
  })

  it('tells the people in it when it is deleted, and keeps the unsaved text as a note in the inbox', async () => {
    await makeSpace('docs')
    await writePage()
    // A copy of the page elsewhere, word for word: no move to follow, it stays as it is.
    const copy = await quire.api('PUT', '/organizations/acme/spaces/docs/files/guides/copy.md', {
      content: BASE,
    })
    expect(copy.status).toBe(201)
    const ada = enter('ada')
    const linus = enter('linus')
    await Promise.all([ada.synced, linus.synced])
    // With a secret, refused: what was typed waits uncommitted.
    ada.type(`Unsaved thought.\ntoken: ${githubToken}\n`)
    // It reached the server: someone else in the page sees it.
    await linus.until(() => linus.text.toString().includes(githubToken))
    const { sha } = await readFile('docs', PAGE.path)
    const left = await quire.api(
      'DELETE',
      `/organizations/acme/spaces/docs/files/${PAGE.path}?base_sha=${sha}`,
    )
    expect(left.status).toBe(204)

    await ada.until(() => ada.statuses.some((s) => s.type === 'gone'), 10_000)
    expect(await ada.closed).toBe(4404)
    expect(linus.statuses.map((s) => s.type)).toContain('gone')
    const inbox = (await (await quire.api('GET', '/organizations/acme/spaces/docs/inbox')).json()) as {
      name: string
      title: string
    }[]
    const note = inbox.find((item) => item.title === `Unsaved edits of ${PAGE.path}`)
    expect(note).toBeDefined()
    // Both are told where the text went.
    for (const client of [ada, linus])
      expect(client.statuses.find((s) => s.type === 'gone')).toMatchObject({
        note: note?.name,
        message: expect.stringContaining('kept as a note'),
      })
    const item = await (await quire.api('GET', `/organizations/acme/spaces/docs/inbox/${note?.name}`)).json()
    expect(JSON.stringify(item)).toContain('Unsaved thought.')
    // The note is committed (and pushed, for a space with a remote): the secret stays out of it.
    expect(JSON.stringify(item)).not.toContain(githubToken)
    expect(JSON.stringify(item)).toContain('[A line that seemed to hold a secret was left out.]')
    expect((await readFile('docs', 'guides/copy.md')).text).toBe(BASE)
    expect(await lastAuthor()).toBe('Ada')
  })

  it('tells the people in it when it is deleted after all was committed, and claims no note', async () => {
    await makeSpace('docs')
    await writePage()
    const ada = enter('ada')
    await ada.synced
    ada.type('Saved thought.\n')
    // Committed: the page's file holds it.
    await expect
      .poll(async () => (await readFile('docs', PAGE.path)).text, { timeout: 10_000 })
      .toContain('Saved thought.')
    await quire.server.live.idle()
    const { sha } = await readFile('docs', PAGE.path)
    const deleted = await quire.api(
      'DELETE',
      `/organizations/acme/spaces/docs/files/${PAGE.path}?base_sha=${sha}`,
    )
    expect(deleted.status).toBe(204)
    await ada.until(() => ada.statuses.some((s) => s.type === 'gone'), 10_000)
    expect(ada.statuses.find((s) => s.type === 'gone')).toMatchObject({
      note: null,
      message: 'This page was moved or deleted. Everything typed in it had been saved before.',
    })
    const inbox = (await (await quire.api('GET', '/organizations/acme/spaces/docs/inbox')).json()) as {
      title: string
    }[]
    expect(inbox.map((item) => item.title)).not.toContain(`Unsaved edits of ${PAGE.path}`)
  })
})
