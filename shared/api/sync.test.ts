import { rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { seedWorld } from '../testing/builders/seed-world.ts'
import { type GitRemote, startGitRemote } from '../testing/git-remote.ts'
import { json, onPostgres, type TestApp, testApp } from '../testing/test-app.ts'

type Written = { path: string; sha: string; commit: string | null; pushed: boolean }
type GitState = {
  status: string
  ahead: number
  behind: number
  last_sync_at: string | null
  last_error: string | null
  last_error_code: string | null
  next_retry_at: string | null
  conflicts: { path: string; local_sha: string | null; remote_sha: string | null }[]
  has_credentials: boolean
  credentials_kind: string | null
  webhook_url: string
}

let remote: GitRemote
let t: TestApp
let admin: string
let writer: string
let repoCount = 0
let repo: string
const S = '/organizations/acme/spaces/wiki'

beforeAll(async () => {
  remote = await startGitRemote()
})
afterAll(() => remote.stop())

beforeEach(async () => {
  repo = `acme/wiki-${++repoCount}.git`
  await remote.createRepo(repo, {
    files: { 'content/index.md': '# Home\n\nWelcome.\n', 'content/guides/setup.md': '# Setup\n' },
  })
  t = await testApp()
  const world = await seedWorld(t.deps, {
    spaces: { wiki: { repoUrl: remote.url(repo), members: { walt: 'contributor' } } },
  })
  admin = world.token('ada')
  writer = world.token('walt')
  const credentialsSet = await t.call('PUT', `${S}/git/credentials`, {
    token: admin,
    body: { kind: 'https', token: `${remote.username}:${remote.password}` },
  })
  expect(credentialsSet.status).toBe(204)
})
afterEach(() => t.close())

const state = async () => json<GitState>(await t.call('GET', `${S}/git`, { token: writer }))
const put = (path: string, body: Record<string, unknown>) =>
  t.call('PUT', `${S}/files/${path}`, { token: writer, body })
const readText = async (path: string) =>
  (await json<{ text: string }>(await t.call('GET', `${S}/files/${path}`, { token: writer }))).text
const sync = async () => {
  expect((await t.call('POST', `${S}/git/sync`, { token: writer })).status).toBe(202)
  await t.deps.queue.idle()
}

describe('first sync', () => {
  it('is pending until the first sync, which brings the remote’s pages', async () => {
    expect((await state()).status).toBe('pending')
    await sync()
    const after = await state()
    expect(after).toMatchObject({
      status: 'ok',
      ahead: 0,
      behind: 0,
      last_error: null,
      has_credentials: true,
      credentials_kind: 'https',
    })
    const tree = await json<{ path: string }[]>(await t.call('GET', `${S}/tree`, { token: writer }))
    expect(tree.map((e) => e.path)).toEqual(['guides/setup.md', 'index.md'])
  })

  it('holds a vocation written before the first sync and writes it then', async () => {
    const held = await t.call('PUT', `${S}/vocation`, {
      token: admin,
      body: { text: '# Purpose\n\nHow we run things.\n', base_sha: '' },
    })
    expect(await json(held)).toMatchObject({ commit: null, pending: true, path: '.service/vocation.md' })
    expect(await json(await t.call('GET', `${S}/vocation`, { token: writer }))).toMatchObject({
      pending: true,
      text: '# Purpose\n\nHow we run things.\n',
    })
    await sync()
    const vocation = await json<{
      pending: boolean
      text: string
      sha: string
      history: { author: string }[]
    }>(await t.call('GET', `${S}/vocation`, { token: writer }))
    expect(vocation).toMatchObject({ pending: false, text: '# Purpose\n\nHow we run things.\n' })
    expect(vocation.history[0]?.author).toBe('Ada')
    const clone = await remote.clone(repo)
    expect(await clone.read('.service/vocation.md')).toBe('# Purpose\n\nHow we run things.\n')
  })
})

describe('a vocation held before the first sync, when the remote has its own', () => {
  it('keeps the remote’s and sets the held one beside it as a conflict, to be chosen', async () => {
    const clone = await remote.clone(repo)
    await clone.write('.service/vocation.md', '# Theirs\n\nThe repository’s own purpose.\n')
    await clone.commitAll('Their vocation')
    await clone.push()
    // Nothing was read yet that a sha could name: only a creation may be held.
    const stale = await t.call('PUT', `${S}/vocation`, {
      token: admin,
      body: { text: '# Ours\n', base_sha: 'abc123' },
    })
    expect(stale.status).toBe(409)
    const held = await t.call('PUT', `${S}/vocation`, {
      token: admin,
      body: { text: '# Ours\n', base_sha: '' },
    })
    expect(await json(held)).toMatchObject({ pending: true })
    await sync()
    expect(await readVocation()).toBe('# Theirs\n\nThe repository’s own purpose.\n')
    const { conflicts } = await state()
    expect(conflicts).toMatchObject([{ path: '.service/vocation.md' }])
    const resolved = await t.call('POST', `${S}/git/conflicts/resolve`, {
      token: admin,
      body: { choices: { '.service/vocation.md': 'local' } },
    })
    expect(resolved.status).toBe(202)
    await t.deps.queue.idle()
    expect(await readVocation()).toBe('# Ours\n')
    expect((await state()).conflicts).toEqual([])
  })
})

const readVocation = async () =>
  (await json<{ text: string }>(await t.call('GET', `${S}/vocation`, { token: writer }))).text

describe('writes are pushed at once', () => {
  beforeEach(sync)

  it('a write lands on the remote as a commit in the caller’s name', async () => {
    const written = await json<Written>(await put('notes/today.md', { content: '# Today\n' }))
    expect(written.pushed).toBe(true)
    const clone = await remote.clone(repo)
    expect(await clone.read('content/notes/today.md')).toBe('# Today\n')
    expect(await clone.git('log', '-1', '--format=%an <%ae>%n%B')).toBe(
      'Walt <walt@example.com>\nCreate notes/today.md\n\nSource: api\nVia: API · test',
    )
    expect((await state()).status).toBe('ok')
  })

  it('20 concurrent writes to different files all land, in 20 commits, and everything agrees', async () => {
    const before = Number(await (await remote.clone(repo)).git('rev-list', '--count', 'HEAD'))
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => put(`batch/page-${i}.md`, { content: `# Page ${i}\n` })),
    )
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(201))
    const clone = await remote.clone(repo)
    expect(Number(await clone.git('rev-list', '--count', 'HEAD'))).toBe(before + 20)
    const remoteFiles = (await clone.git('ls-tree', '-r', '--name-only', 'HEAD', 'content/batch'))
      .split('\n')
      .sort()
    const tree = await json<{ path: string; sha: string }[]>(
      await t.call('GET', `${S}/tree`, { token: writer }),
    )
    const batch = tree.filter((e) => e.path.startsWith('batch/'))
    expect(batch.map((e) => `content/${e.path}`).sort()).toEqual(remoteFiles)
    for (const entry of batch) {
      expect(await clone.git('rev-parse', `HEAD:content/${entry.path}`)).toBe(entry.sha)
    }
    expect(await state()).toMatchObject({ status: 'ok', ahead: 0 })
  })

  it('concurrent writes with the same base_sha to one file: exactly one wins, the others get 409', async () => {
    const { sha } = await json<{ sha: string }>(await t.call('GET', `${S}/files/index.md`, { token: writer }))
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) => put('index.md', { content: `# Home ${i}\n`, base_sha: sha })),
    )
    const statuses = responses.map((r) => r.status).sort()
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409])
    const winner = responses.findIndex((r) => r.status === 200)
    expect(await readText('index.md')).toBe(`# Home ${winner}\n`)
    expect(await (await remote.clone(repo)).read('content/index.md')).toBe(`# Home ${winner}\n`)
  })
})

describe('repository integrity', () => {
  beforeEach(sync)

  it('objects written by the service pass git fsck --strict, here and on the remote', async () => {
    for (const path of ['a.md', 'a/b.md', 'a-b.md', 'a0.md', 'a b/c.md', 'É/été.md', 'z.md']) {
      expect((await put(path, { content: `# ${path}\n` })).status).toBe(201)
    }
    const { execFile } = await import('node:child_process')
    const fsck = (gitdir: string) =>
      new Promise<string>((resolve, reject) =>
        execFile(
          'git',
          ['--git-dir', gitdir, 'fsck', '--strict', '--no-dangling'],
          (error, stdout, stderr) => (error ? reject(new Error(stderr)) : resolve(stdout + stderr)),
        ),
      )
    expect(await fsck(`${t.dir}/repos/1.git`)).toBe('')
    expect(await fsck(`${remote.root}/${repo}`)).toBe('')
    const clone = await remote.clone(repo)
    expect(await clone.read('content/É/été.md')).toBe('# É/été.md\n')
  })
})

describe('edits made directly in Git come back', () => {
  beforeEach(sync)

  it('after a requested sync', async () => {
    const clone = await remote.clone(repo)
    await clone.write('content/guides/setup.md', '# Setup\n\nEdited in Git.\n')
    await clone.commitAll('Edit setup in Git')
    await clone.push()
    expect(await readText('guides/setup.md')).toBe('# Setup\n')
    await sync()
    expect(await readText('guides/setup.md')).toBe('# Setup\n\nEdited in Git.\n')
  })

  it.each([
    [
      'X-Hub-Signature-256',
      (secret: string, body: string, hmac: (k: string, b: string) => string) =>
        `sha256=${hmac(secret, body)}`,
    ],
    [
      'X-Forgeb-Signature',
      (secret: string, body: string, hmac: (k: string, b: string) => string) => hmac(secret, body),
    ],
    ['X-Forgec-Token', (secret: string) => secret],
  ])('after a webhook signed with %s; anything else is refused (401)', async (header, sign) => {
    const { url, secret } = await json<{ url: string; secret: string }>(
      await t.call('POST', `${S}/git/webhook-secret`, { token: admin }),
    )
    expect(url).toMatch(/\/api\/v1\/hooks\/git\/acme\/wiki$/)
    const clone = await remote.clone(repo)
    await clone.write('content/from-git.md', '# From Git\n')
    await clone.commitAll('Add a page in Git')
    await clone.push()
    const body = JSON.stringify({ ref: 'refs/heads/main' })
    const hmac = (key: string, data: string) => t.deps.secrets.hmacHex(key, new TextEncoder().encode(data))
    const hook = (headers: Record<string, string>, payload = body) =>
      t.app.request('/api/v1/hooks/git/acme/wiki', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: payload,
      })
    expect((await hook({})).status).toBe(401)
    expect((await hook({ [header]: sign('wrong-secret', body, hmac) })).status).toBe(401)
    expect((await hook({ [header]: sign(secret, body, hmac) }, `${body} `)).status).toBe(
      header === 'X-Forgec-Token' ? 202 : 401,
    )
    await t.deps.queue.idle()
    const response = await hook({ [header]: sign(secret, body, hmac) })
    expect(response.status).toBe(202)
    await t.deps.queue.idle()
    expect(await readText('from-git.md')).toBe('# From Git\n')
  })
})

describe('conflicts', () => {
  beforeEach(sync)

  async function makeConflict() {
    const { sha } = await json<{ sha: string }>(await t.call('GET', `${S}/files/index.md`, { token: writer }))
    const clone = await remote.clone(repo)
    await clone.write('content/index.md', '# Home\n\nTheir version.\n')
    await clone.commitAll('Their edit')
    await clone.push()
    const response = await put('index.md', { content: '# Home\n\nOur version.\n', base_sha: sha })
    expect(response.status).toBe(200)
    return clone
  }

  it('a file changed on both sides is listed with both versions, nothing overwritten', async () => {
    await makeConflict()
    const s = await state()
    expect(s.status).toBe('conflict')
    expect(s.conflicts).toHaveLength(1)
    expect(s.conflicts[0]?.path).toBe('content/index.md')
    const ours = await t.deps.repos.open(1, 'main').readBlob(s.conflicts[0]?.local_sha ?? '')
    expect(new TextDecoder().decode(ours)).toBe('# Home\n\nOur version.\n')
    expect(await readText('index.md')).toBe('# Home\n\nTheir version.\n')
  })

  it('keeps our version as a conflict even when the push after the replay fails', async () => {
    const { sha } = await json<{ sha: string }>(await t.call('GET', `${S}/files/index.md`, { token: writer }))
    const clone = await remote.clone(repo)
    await clone.write('content/index.md', '# Home\n\nTheir version.\n')
    await clone.commitAll('Their edit')
    await clone.push()
    // The remote refuses every push for a while (a protected branch, a hook).
    const hook = join(remote.root, repo, 'hooks', 'pre-receive')
    await writeFile(hook, '#!/bin/sh\necho "main is protected" >&2\nexit 1\n', { mode: 0o755 })
    expect((await put('index.md', { content: '# Home\n\nOur version.\n', base_sha: sha })).status).toBe(200)
    await sync()
    expect((await state()).last_error).not.toBeNull()
    await rm(hook)
    await sync()
    const s = await state()
    expect(s.conflicts.map((c) => c.path)).toEqual(['content/index.md'])
    const ours = await t.deps.repos.open(1, 'main').readBlob(s.conflicts[0]?.local_sha ?? '')
    expect(new TextDecoder().decode(ours)).toBe('# Home\n\nOur version.\n')
  })

  it('shows both versions of each conflicted file to the admin only', async () => {
    await makeConflict()
    const response = await t.call('GET', `${S}/git/conflicts`, { token: admin })
    expect(response.status).toBe(200)
    expect(await json(response)).toEqual([
      {
        path: 'content/index.md',
        local: { sha: expect.any(String), text: '# Home\n\nOur version.\n', deleted: false },
        remote: { sha: expect.any(String), text: '# Home\n\nTheir version.\n', deleted: false },
      },
    ])
    expect((await t.call('GET', `${S}/git/conflicts`, { token: writer })).status).toBe(403)
  })

  it('resolved with "local": our version goes back and is pushed', async () => {
    const clone = await makeConflict()
    const response = await t.call('POST', `${S}/git/conflicts/resolve`, {
      token: admin,
      body: { choices: { 'content/index.md': 'local' } },
    })
    expect(response.status).toBe(202)
    expect(await readText('index.md')).toBe('# Home\n\nOur version.\n')
    await clone.git('pull', '--ff-only')
    expect(await clone.read('content/index.md')).toBe('# Home\n\nOur version.\n')
    expect(await state()).toMatchObject({ status: 'ok', conflicts: [] })
  })

  it('refuses "local" once their version moved on since the conflict was listed, and shows it then', async () => {
    const clone = await makeConflict()
    // They write the file again; a sync brings it while the conflict waits.
    await clone.write('content/index.md', '# Home\n\nTheir version.\n\nAdded later.\n')
    await clone.commitAll('Their later edit')
    await clone.push()
    await sync()
    const refused = await t.call('POST', `${S}/git/conflicts/resolve`, {
      token: admin,
      body: { choices: { 'content/index.md': 'local' } },
    })
    expect(refused.status).toBe(409)
    expect((await json<{ error: string; message: string }>(refused)).message).toContain(
      'content/index.md changed since the conflict was found',
    )
    expect(await readText('index.md')).toBe('# Home\n\nTheir version.\n\nAdded later.\n')
    const [listed] = await json<{ remote: { text: string } }[]>(
      await t.call('GET', `${S}/git/conflicts`, { token: admin }),
    )
    expect(listed?.remote.text).toBe('# Home\n\nTheir version.\n\nAdded later.\n')
    // Chosen again, having seen it: ours goes back.
    const kept = await t.call('POST', `${S}/git/conflicts/resolve`, {
      token: admin,
      body: { choices: { 'content/index.md': 'local' } },
    })
    expect(kept.status).toBe(202)
    expect(await readText('index.md')).toBe('# Home\n\nOur version.\n')
  })

  it('resolved with "remote": their version stays', async () => {
    await makeConflict()
    await t.call('POST', `${S}/git/conflicts/resolve`, {
      token: admin,
      body: { choices: { 'content/index.md': 'remote' } },
    })
    expect(await readText('index.md')).toBe('# Home\n\nTheir version.\n')
    expect((await state()).conflicts).toEqual([])
  })

  it('refuses to resolve a path that is not in conflict (400) and contributors (403)', async () => {
    await makeConflict()
    expect(
      (
        await t.call('POST', `${S}/git/conflicts/resolve`, {
          token: admin,
          body: { choices: { 'content/nope.md': 'local' } },
        })
      ).status,
    ).toBe(400)
    expect(
      (
        await t.call('POST', `${S}/git/conflicts/resolve`, {
          token: writer,
          body: { choices: { 'content/index.md': 'local' } },
        })
      ).status,
    ).toBe(403)
  })

  it('changes to different files on both sides merge without conflict', async () => {
    const clone = await remote.clone(repo)
    await clone.write('content/theirs.md', '# Theirs\n')
    await clone.commitAll('Their page')
    await clone.push()
    expect((await json<Written>(await put('ours.md', { content: '# Ours\n' }))).pushed).toBe(true)
    await clone.git('pull', '--ff-only')
    expect(await clone.read('content/ours.md')).toBe('# Ours\n')
    expect(await readText('theirs.md')).toBe('# Theirs\n')
    expect((await state()).status).toBe('ok')
  })
})

describe('the remote going away', () => {
  beforeEach(sync)

  it.each(['unavailable', 'reset'] as const)(
    'keeps writes while it is %s and pushes them when it is back',
    async (mode) => {
      remote.setOffline(true, mode)
      const first = await json<Written>(await put('offline-1.md', { content: 'one\n' }))
      const second = await json<Written>(await put('offline-2.md', { content: 'two\n' }))
      expect([first.pushed, second.pushed]).toEqual([false, false])
      const down = await state()
      expect(down).toMatchObject({ status: 'error', ahead: 2 })
      expect(down.last_error).toBeTruthy()
      // A remote that answers 503 is there, refusing for now; one that drops the line is out of reach.
      expect(down.last_error_code).toBe(mode === 'reset' ? 'unreachable' : 'other')
      expect(Date.parse(down.next_retry_at ?? '')).toBeGreaterThan(Date.parse('2026-11-21T09:00:00Z'))
      expect(await readText('offline-2.md')).toBe('two\n')
      remote.setOffline(false)
      await sync()
      expect(await state()).toMatchObject({
        status: 'ok',
        ahead: 0,
        last_error: null,
        last_error_code: null,
        next_retry_at: null,
      })
      const clone = await remote.clone(repo)
      expect(await clone.read('content/offline-1.md')).toBe('one\n')
      expect(await clone.read('content/offline-2.md')).toBe('two\n')
    },
  )
})

describe('the kind of the last failure', () => {
  it('says a remote whose host name cannot be resolved is out of reach, beside the message', async () => {
    await t.call('PATCH', S, { token: admin, body: { repo_url: 'http://quire-remote.invalid/wiki.git' } })
    await sync()
    expect(await state()).toMatchObject({
      last_error: "the remote's host name could not be resolved",
      last_error_code: 'unreachable',
    })
  })

  it('is read from the message of a failure stored before kinds were kept', async () => {
    const id = await t.idOf('space', 'wiki')
    const org = (await t.deps.store.organizations.bySlug('acme'))?.id ?? 0
    const git = t.deps.store.forOrg(org).space(id).git
    await git.update({ lastError: 'the connection was closed by the remote', lastErrorAt: 1 })
    expect((await state()).last_error_code).toBe('unreachable')
    await git.update({ lastError: 'the remote answered HTTP 403 (authentication required or refused)' })
    expect((await state()).last_error_code).toBe('auth')
  })
})

describe('a remote that refuses pushes', () => {
  beforeEach(sync)

  it('keeps the commit and says why, instead of retrying as if the remote had moved', async () => {
    const { writeFile } = await import('node:fs/promises')
    await writeFile(
      `${remote.root}/${repo}/hooks/pre-receive`,
      '#!/bin/sh\necho "main is protected" >&2\nexit 1\n',
      { mode: 0o755 },
    )
    const written = await json<Written>(await put('refused.md', { content: '# Refused\n' }))
    expect(written.pushed).toBe(false)
    const s = await state()
    expect(s).toMatchObject({ status: 'error', ahead: 1 })
    expect(s.last_error).toMatch(/refused the push: pre-receive hook declined/)
    expect(s.last_error_code).toBe('push-refused')
    expect(await readText('refused.md')).toBe('# Refused\n')
  })
})

describe('credentials', () => {
  it.skipIf(onPostgres)('are write-only, and changing repo_url removes them', async () => {
    const s = await state()
    expect(JSON.stringify(s)).not.toContain(remote.password)
    expect(JSON.stringify(t.sqlite.prepare('select * from space_git').all())).not.toContain(remote.password)
    await t.call('PATCH', S, { token: admin, body: { repo_url: remote.url('acme/other.git') } })
    expect(await state()).toMatchObject({ has_credentials: false, credentials_kind: null })
  })

  it('stay when an address stored with its scheme in capitals is saved again, now in lower case', async () => {
    const id = await t.idOf('space', 'wiki')
    const org = (await t.deps.store.organizations.bySlug('acme'))?.id ?? 0
    const stored = remote.url(repo).replace(/^http/, 'HTTP')
    await t.deps.store.forOrg(org).spaces.update(id, { repoUrl: stored })
    // As stored, it syncs.
    await sync()
    expect((await state()).last_error).toBeNull()
    const saved = await t.call('PATCH', S, { token: admin, body: { repo_url: stored } })
    expect(saved.status).toBe(200)
    expect((await json<{ repo_url: string }>(saved)).repo_url).toBe(remote.url(repo))
    expect(await state()).toMatchObject({ has_credentials: true })
    await sync()
    expect((await state()).last_error).toBeNull()
  })

  it('without them the remote refuses and the state says so', async () => {
    await t.call('DELETE', `${S}/git/credentials`, { token: admin })
    await sync()
    const s = await state()
    expect(s.status).toBe('pending')
    expect(s.last_error).toMatch(/401|auth/i)
    expect(s.last_error_code).toBe('auth')
  })

  it('only organization admins set them (403 for contributors)', async () => {
    expect(
      (await t.call('PUT', `${S}/git/credentials`, { token: writer, body: { kind: 'https', token: 'x' } }))
        .status,
    ).toBe(403)
    expect(
      (await t.call('PUT', `${S}/git/credentials`, { token: admin, body: { kind: 'ssh', private_key: 'k' } }))
        .status,
    ).toBe(422)
  })
})
