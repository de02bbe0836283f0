import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type InProcessServer, startInProcess } from '#server/testing/in-process-server.ts'
import { type GitRemote, startGitRemote } from '#shared/testing/git-remote.ts'
import { startTcpProxy, type TcpProxy } from '#shared/testing/tcp-proxy.ts'
import { sharedBuiltinEmbedder, sharedSentenceEmbedder } from '#shared/testing/test-app.ts'
import { type RunningEngine, startEngine } from './engine.ts'

const ADMIN_TOKEN = 'qpat_desktop-sync-test-admin-token-0123456789'
const HANDBOOK = '/organizations/acme/spaces/handbook'

type DesktopSpace = {
  org: string
  space: string
  kind: string
  status: string
  waiting: number
  conflicts: number
  last_error: string | null
  last_error_code: string | null
}

let folder: string
let hosted: InProcessServer
let line: TcpProxy
let remote: GitRemote
let engine: RunningEngine

async function call(method: string, path: string, body?: unknown): Promise<Response> {
  return engine.fetch(
    new Request(`quire://app/api/v1${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  )
}
const json = async <T>(response: Response | Promise<Response>) => (await (await response).json()) as T
const desktopSpace = async (org: string, space: string) =>
  (await json<{ spaces: DesktopSpace[] }>(call('GET', '/desktop/spaces'))).spaces.find(
    (s) => s.org === org && s.space === space,
  )
const onServer = async (path: string) =>
  json<{ text: string; sha: string }>(hosted.api('GET', `${HANDBOOK}/files/${path}`))
const onDesktop = async (path: string) =>
  json<{ text: string; sha: string }>(call('GET', `${HANDBOOK}/files/${path}`))

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'quire-desktop-sync-'))
  hosted = await startInProcess(join(folder, 'server'), ADMIN_TOKEN)
  await hosted.api('POST', '/organizations', { slug: 'acme', name: 'Acme', join: true })
  await hosted.api('POST', '/organizations/acme/spaces', { slug: 'handbook', name: 'Handbook' })
  await hosted.api('PUT', `${HANDBOOK}/files/holidays.md`, {
    content: '# Holidays\n\nTwenty-five days a year.\n',
  })
  line = await startTcpProxy(Number(new URL(hosted.server.url).port))
  remote = await startGitRemote()
  await remote.createRepo('wiki', { files: { 'content/welcome.md': '# Welcome\n\nStart here.\n' } })
  engine = await startEngine({
    dataDir: join(folder, 'desktop'),
    secretKey: 'desktop sync test key',
    identity: { name: 'Ada Lovelace', email: 'ada@example.com' },
    reconnectIntervalMs: 200,
    compose: {
      builtinEmbedder: sharedBuiltinEmbedder(),
      sentenceEmbedder: sharedSentenceEmbedder(),
      passwordCost: { memoryCost: 1024, timeCost: 1 },
      secretScan: 'inline',
    },
  })
}, 60_000)
afterAll(async () => {
  await engine?.close()
  await line?.close()
  await hosted?.server.close()
  await remote?.stop()
  await rm(folder, { recursive: true, force: true })
})

describe('a hosted server’s space on the desktop', () => {
  it('lists the spaces the account can read there, and explains a refused token', async () => {
    const refused = await call('POST', '/desktop/servers/spaces', {
      server_url: line.url,
      token: 'qpat_wrong',
    })
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({
      error: 'invalid',
      message: expect.stringContaining('refused'),
    })
    const unreachable = await call('POST', '/desktop/servers/spaces', {
      server_url: 'http://127.0.0.1:9',
      token: ADMIN_TOKEN,
    })
    expect(await unreachable.json()).toMatchObject({
      error: 'invalid',
      message: expect.stringContaining('reached'),
    })

    const listed = await json<{ username: string; spaces: unknown[] }>(
      call('POST', '/desktop/servers/spaces', { server_url: line.url, token: ADMIN_TOKEN }),
    )
    expect(listed).toEqual({
      username: 'admin',
      spaces: [
        {
          org: 'acme',
          space: 'handbook',
          name: 'Handbook',
          organization_name: 'Acme',
          role: 'admin',
          kept: false,
        },
      ],
    })
  })

  it('keeps a space on this computer: cloned through the server’s Git endpoint, then synced', async () => {
    const added = await call('POST', '/desktop/spaces', {
      kind: 'server',
      server_url: line.url,
      token: ADMIN_TOKEN,
      spaces: ['acme/handbook'],
    })
    expect(added.status).toBe(201)
    await expect
      .poll(() => desktopSpace('acme', 'handbook'), { timeout: 20_000 })
      .toMatchObject({
        kind: 'server',
        status: 'synced',
        waiting: 0,
      })
    expect((await onDesktop('holidays.md')).text).toBe('# Holidays\n\nTwenty-five days a year.\n')
  })

  it('works cut off from the server, then converges when the line is back, keeping both sides of a conflict', async () => {
    await line.cut()
    // On the desktop, offline: an edit of a page the server also changes, a new page, a note.
    const mine = await call('PUT', `${HANDBOOK}/files/holidays.md`, {
      content: '# Holidays\n\nThirty days a year.\n',
      base_sha: (await onDesktop('holidays.md')).sha,
    })
    expect(await mine.json()).toMatchObject({ pushed: false })
    await call('PUT', `${HANDBOOK}/files/desk.md`, { content: '# Desk\n\nWritten on the train.\n' })
    expect(
      (await call('POST', `${HANDBOOK}/inbox`, { title: 'Train idea', content: 'Quiet carriages.' })).status,
    ).toBe(201)
    const offline = await call('POST', `/desktop/spaces/acme/handbook/sync`)
    expect(await offline.json()).toMatchObject({ status: 'offline', waiting: 3 })
    // On the server meanwhile: the same page changed otherwise, and a page of its own.
    await hosted.api('PUT', `${HANDBOOK}/files/holidays.md`, {
      content: '# Holidays\n\nTwenty-eight days a year.\n',
      base_sha: (await onServer('holidays.md')).sha,
    })
    await hosted.api('PUT', `${HANDBOOK}/files/server.md`, {
      content: '# Server\n\nWritten in the office.\n',
    })

    await line.restore()
    // The engine notices the server answers again and syncs at once, without waiting for its backoff.
    await expect
      .poll(() => desktopSpace('acme', 'handbook'), { timeout: 20_000 })
      .toMatchObject({
        status: 'conflicts',
        conflicts: 1,
        waiting: 0,
      })
    expect((await onDesktop('server.md')).text).toContain('Written in the office.')
    expect((await onServer('desk.md')).text).toContain('Written on the train.')
    const inbox = await json<{ title: string }[]>(hosted.api('GET', `${HANDBOOK}/inbox?kind=note`))
    expect(inbox.map((item) => item.title)).toContain('Train idea')

    // Both versions of the conflicted page are kept, and the person chooses theirs.
    const [conflict] = await json<{ path: string; local: { text: string }; remote: { text: string } }[]>(
      call('GET', `${HANDBOOK}/git/conflicts`),
    )
    expect(conflict).toMatchObject({
      path: 'content/holidays.md',
      local: { text: '# Holidays\n\nThirty days a year.\n' },
      remote: { text: '# Holidays\n\nTwenty-eight days a year.\n' },
    })
    const resolved = await call('POST', `${HANDBOOK}/git/conflicts/resolve`, {
      choices: { 'content/holidays.md': 'local' },
    })
    expect(resolved.status).toBe(202)
    await expect
      .poll(async () => (await onServer('holidays.md')).text, { timeout: 20_000 })
      .toBe('# Holidays\n\nThirty days a year.\n')
    await expect
      .poll(() => desktopSpace('acme', 'handbook'))
      .toMatchObject({ status: 'synced', conflicts: 0 })
    // The server's version stays in its history: nothing was lost, only chosen.
    const history = await json<{ subject: string; author: string }[]>(
      hosted.api('GET', `${HANDBOOK}/history/holidays.md`),
    )
    expect(history.map((c) => c.subject)).toEqual([
      'Resolve conflict: keep our version of content/holidays.md',
      'Update holidays.md',
      'Create holidays.md',
    ])
  })
})

describe('a space from a Git remote on the desktop', () => {
  it('clones it with a token, pushes the person’s edits, and takes the remote’s', async () => {
    const added = await call('POST', '/desktop/spaces', {
      kind: 'git',
      name: 'Team wiki',
      repo_url: remote.url('wiki'),
      token: `${remote.username}:${remote.password}`,
    })
    expect(added.status).toBe(201)
    expect(await added.json()).toMatchObject({ spaces: [{ org: 'local', space: 'team-wiki', kind: 'git' }] })
    await expect
      .poll(() => desktopSpace('local', 'team-wiki'), { timeout: 20_000 })
      .toMatchObject({
        status: 'synced',
      })
    const wiki = '/organizations/local/spaces/team-wiki'
    expect((await json<{ text: string }>(call('GET', `${wiki}/files/welcome.md`))).text).toContain(
      'Start here.',
    )

    await call('PUT', `${wiki}/files/desk.md`, { content: '# Desk\n\nFrom the desktop.\n' })
    const clone = await remote.clone('wiki')
    await expect
      .poll(
        async () => {
          await clone.git('pull', '--quiet')
          return clone.read('content/desk.md').catch(() => '')
        },
        { timeout: 20_000 },
      )
      .toContain('From the desktop.')
    const log = await clone.git('log', '-1', '--format=%an <%ae>%n%B')
    expect(log).toContain('Ada Lovelace <ada@example.com>')
    expect(log).toContain('Source: desktop')

    await clone.write('content/remote.md', '# Remote\n\nPushed with git.\n')
    await clone.commitAll('Add a page with git')
    await clone.push()
    const synced = await json<DesktopSpace>(call('POST', '/desktop/spaces/local/team-wiki/sync'))
    expect(synced).toMatchObject({ status: 'synced', waiting: 0 })
    expect((await json<{ text: string }>(call('GET', `${wiki}/files/remote.md`))).text).toContain(
      'Pushed with git.',
    )
  })
  it('says a space whose remote never answered is offline, not syncing for ever', async () => {
    const added = await call('POST', '/desktop/spaces', {
      kind: 'git',
      name: 'Unreachable',
      repo_url: 'http://127.0.0.1:9/nothing.git',
      token: 'user:secret',
    })
    expect(added.status).toBe(201)
    await expect
      .poll(() => desktopSpace('local', 'unreachable'), { timeout: 10_000 })
      .toMatchObject({ status: 'offline', last_error_code: 'unreachable' })
  }, 30_000)

  it('says a space whose remote’s host name cannot be resolved is offline, as its error says', async () => {
    const added = await call('POST', '/desktop/spaces', {
      kind: 'git',
      name: 'Nowhere',
      repo_url: 'http://quire-remote.invalid/wiki.git',
    })
    expect(added.status).toBe(201)
    await expect
      .poll(() => desktopSpace('local', 'nowhere'), { timeout: 10_000 })
      .toMatchObject({
        status: 'offline',
        last_error: "the remote's host name could not be resolved",
        last_error_code: 'unreachable',
      })
  }, 30_000)

  it('reads the kind of a failure stored by an earlier version from its words', async () => {
    const org = engine.deps.store.forOrg((await engine.deps.store.organizations.bySlug('local'))?.id ?? 0)
    const git = org.space((await org.spaces.bySlug('unreachable'))?.id ?? 0).git
    await git.update({ lastError: "the remote's host is unreachable", lastErrorCode: null })
    expect(await desktopSpace('local', 'unreachable')).toMatchObject({
      status: 'offline',
      last_error_code: 'unreachable',
    })
    await git.update({
      lastError: 'the remote answered HTTP 401 (authentication required or refused)',
      lastErrorCode: null,
    })
    expect(await desktopSpace('local', 'unreachable')).toMatchObject({
      status: 'error',
      last_error_code: 'auth',
    })
  })
})
