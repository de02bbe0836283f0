import { spawnSync } from 'node:child_process'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { seedWorld } from '../testing/builders/seed-world.ts'
import { isolatedGitEnv } from '../testing/git-cli.ts'
import { type GitRemote, startGitRemote, type WorkClone } from '../testing/git-remote.ts'
import { json, type TestApp, testApp } from '../testing/test-app.ts'

type ApiError = { error: string; message: string }
type GitState = {
  status: string
  last_error: string | null
  conflicts: { path: string; local_sha: string | null; remote_sha: string | null }[]
}
type Written = { sha: string; pushed: boolean }

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
  repo = `acme/entries-${++repoCount}.git`
  await remote.createRepo(repo, {
    files: { 'content/index.md': '# Home\n', 'content/guides/setup.md': '# Setup\n' },
  })
  t = await testApp()
  const world = await seedWorld(t.deps, {
    spaces: {
      wiki: {
        repoUrl: remote.url(repo),
        credentials: `${remote.username}:${remote.password}`,
        members: { walt: 'contributor' },
      },
    },
  })
  admin = world.token('ada')
  writer = world.token('walt')
  await sync()
  expect((await state()).status).toBe('ok')
})
afterEach(() => t.close())

const state = async () => json<GitState>(await t.call('GET', `${S}/git`, { token: writer }))
const get = (path: string) => t.call('GET', `${S}/files/${path}`, { token: writer })
const put = (path: string, body: Record<string, unknown>) =>
  t.call('PUT', `${S}/files/${path}`, { token: writer, body })
const tree = async () =>
  (await json<{ path: string }[]>(await t.call('GET', `${S}/tree`, { token: writer }))).map((e) => e.path)
const sync = async () => {
  expect((await t.call('POST', `${S}/git/sync`, { token: writer })).status).toBe(202)
  await t.deps.queue.idle()
}

/** Runs `git mktree` on the given lines (it reads them from stdin, which the clone helper does not give). */
function mktree(clone: WorkClone, lines: string[]): string {
  const made = spawnSync('git', ['mktree'], {
    cwd: clone.dir,
    env: isolatedGitEnv(clone.dir),
    input: lines.map((l) => `${l}\n`).join(''),
  })
  if (made.status !== 0) throw new Error(String(made.stderr))
  return String(made.stdout).trim()
}

/**
 * Commits, with Git's plumbing (its porcelain refuses unsafe names), the clone's tip plus one raw
 * entry in `folder` ('' for the root), and pushes it; returns the commit. `target` is the blob's
 * content, or a commit id for a submodule (160000), or a file inside for a folder (040000).
 */
async function pushEntry(
  clone: WorkClone,
  folder: string,
  entry: { mode: string; name: string; target: string },
): Promise<string> {
  const blobOf = async (text: string) => {
    await clone.write('.scratch', text)
    const sha = await clone.git('hash-object', '-w', '.scratch')
    await rm(join(clone.dir, '.scratch'))
    return sha
  }
  let line: string
  if (entry.mode === '160000') line = `160000 commit ${entry.target}\t${entry.name}`
  else if (entry.mode === '040000')
    line = `040000 tree ${mktree(clone, [`100644 blob ${await blobOf(entry.target)}\tinside.md`])}\t${entry.name}`
  else line = `${entry.mode} blob ${await blobOf(entry.target)}\t${entry.name}`
  const listing = async (spec: string) => {
    const out = await clone.git('ls-tree', spec).catch(() => '')
    return out === '' ? [] : out.split('\n')
  }
  const at = (path: string) => (path ? `HEAD:${path}` : 'HEAD')
  // The folder's new tree, then each folder above it up to the root, each with its new child.
  let root = mktree(clone, [...(await listing(at(folder))), line])
  for (let path = folder; path !== ''; ) {
    const cut = path.lastIndexOf('/')
    const parent = cut < 0 ? '' : path.slice(0, cut)
    const name = path.slice(cut + 1)
    const siblings = (await listing(at(parent))).filter((l) => !l.endsWith(`\t${name}`))
    root = mktree(clone, [...siblings, `040000 tree ${root}\t${name}`])
    path = parent
  }
  const commit = await clone.git('commit-tree', root, '-p', 'HEAD', '-m', `Add ${entry.name}`)
  await clone.git('push', '--quiet', 'origin', `${commit}:refs/heads/main`)
  return commit
}

describe('entries Git refuses as unsafe, pushed to the remote', () => {
  it.each([
    ['100644', '.GIT'],
    ['100644', '.git'],
    ['100644', 'GIT~1'],
    ['100644', '.git. '],
    ['040000', '..'],
    ['040000', '.'],
    ['040000', '.Git'],
  ])(
    'are refused by the sync (%s %j): the space keeps working on its last good state',
    async (mode, name) => {
      const clone = await remote.clone(repo)
      await pushEntry(clone, 'content', { mode, name, target: 'payload\n' })
      await sync()
      const refused = await state()
      expect(refused.status).toBe('error')
      expect(refused.last_error).toContain(JSON.stringify(`content/${name}`))
      expect(refused.last_error).toMatch(/unsafe/)
      expect((await get('index.md')).status).toBe(200)
      expect(await tree()).toEqual(['guides/setup.md', 'index.md'])
      expect((await put('new.md', { content: '# New\n' })).status).toBe(201)
      expect((await t.call('GET', `${S}/history/index.md`, { token: writer })).status).toBe(200)
      expect((await t.call('GET', `${S}/inbox`, { token: writer })).status).toBe(200)
    },
  )

  it('are refused at any depth, and the remote’s fix is taken, its history skipping the bad commit', async () => {
    const clone = await remote.clone(repo)
    const good = await clone.git('rev-parse', 'HEAD')
    const bad = await pushEntry(clone, 'content/guides', { mode: '100644', name: '.GIT', target: 'x\n' })
    await sync()
    expect((await state()).last_error).toContain('"content/guides/.GIT"')
    // Written while the remote is refused: kept here, pushed once the remote is fixed.
    const written = await json<Written>(await put('guides/new.md', { content: '# New\n' }))
    expect(written.pushed).toBe(false)
    // The remote removes the entry in a commit on top of the bad one.
    const fix = await clone.git('commit-tree', `${good}^{tree}`, '-p', bad, '-m', 'Remove .GIT')
    await clone.git('push', '--quiet', 'origin', `${fix}:refs/heads/main`)
    await sync()
    expect(await state()).toMatchObject({ status: 'ok', last_error: null })
    expect(await tree()).toEqual(['guides/new.md', 'guides/setup.md', 'index.md'])
    const history = await t.call('GET', `${S}/history/guides/setup.md`, { token: writer })
    expect(history.status).toBe(200)
    const commits = (await json<{ commit: string; subject: string }[]>(history)).map((c) => c.subject)
    expect(commits).toEqual(['Initial commit'])
    expect((await t.call('GET', `${S}/inbox`, { token: writer })).status).toBe(200)
    expect((await put('guides/more.md', { content: '# More\n' })).status).toBe(201)
    await clone.git('fetch', '--quiet', 'origin')
    expect(await clone.git('show', 'origin/main:content/guides/new.md')).toBe('# New')
  })
})

describe('symbolic links and submodules from the remote', () => {
  it('a symbolic link reads as its stored text, never followed, and a write over it stores a regular file', async () => {
    const clone = await remote.clone(repo)
    await pushEntry(clone, 'content', { mode: '120000', name: 'link.md', target: 'index.md' })
    await sync()
    const read = await get('link.md')
    expect(read.status).toBe(200)
    const file = await json<{ text: string; sha: string }>(read)
    expect(file.text).toBe('index.md')
    const written = await put('link.md', { content: '# Now a page\n', base_sha: file.sha })
    expect(written.status).toBe(200)
    expect((await json<Written>(written)).pushed).toBe(true)
    await clone.git('fetch', '--quiet', 'origin')
    expect(await clone.git('ls-tree', 'origin/main', 'content/link.md')).toMatch(/^100644 blob /)
    expect(await clone.git('show', 'origin/main:content/index.md')).toBe('# Home')
  })

  it('a submodule is neither read nor replaced, and writes elsewhere keep it', async () => {
    const clone = await remote.clone(repo)
    const head = await clone.git('rev-parse', 'HEAD')
    await pushEntry(clone, 'content', { mode: '160000', name: 'sub', target: head })
    await sync()
    expect((await state()).status).toBe('ok')
    expect((await get('sub')).status).toBe(404)
    expect(await tree()).toEqual(['guides/setup.md', 'index.md'])
    const over = await put('sub', { content: 'x', force: true })
    expect(over.status).toBe(409)
    expect((await json<ApiError>(over)).message).toContain('"sub"')
    expect((await put('sub/x.md', { content: 'x' })).status).toBe(409)
    expect((await t.call('DELETE', `${S}/files/sub`, { token: writer })).status).toBe(404)
    expect((await put('other.md', { content: '# Other\n' })).status).toBe(201)
    await clone.git('fetch', '--quiet', 'origin')
    expect(await clone.git('ls-tree', 'origin/main', 'content/sub')).toBe(
      `160000 commit ${head}\tcontent/sub`,
    )
  })
})

describe('paths the remote made files or folders', () => {
  it('a note or the vocation under a file the remote put at .service is refused (409), naming it', async () => {
    const clone = await remote.clone(repo)
    await pushEntry(clone, '', { mode: '100644', name: '.service', target: 'not a folder\n' })
    await sync()
    const drop = await t.call('POST', `${S}/inbox`, {
      token: writer,
      body: { title: 'A note', content: 'x' },
    })
    expect(drop.status).toBe(409)
    expect((await json<ApiError>(drop)).message).toContain('".service"')
    const vocation = await t.call('PUT', `${S}/vocation`, { token: admin, body: { text: '# Purpose\n' } })
    expect(vocation.status).toBe(409)
    await clone.git('fetch', '--quiet', 'origin')
    expect(await clone.git('show', 'origin/main:.service')).toBe('not a folder')
  })

  it('a local file the remote meanwhile put under a new file is kept as a conflict, not pushed over it', async () => {
    remote.setOffline(true)
    expect((await put('guides/new.md', { content: '# New\n' })).status).toBe(201)
    remote.setOffline(false)
    const direct = await remote.clone(repo)
    await direct.git('rm', '--quiet', '-r', 'content/guides')
    await direct.write('content/guides', 'guides are a file now\n')
    await direct.commitAll('Guides become a file')
    await direct.push()
    await sync()
    const after = await state()
    expect(after.status).toBe('conflict')
    expect(after.conflicts.map((c) => c.path)).toEqual(['content/guides/new.md'])
    await direct.git('fetch', '--quiet', 'origin')
    expect(await direct.git('show', 'origin/main:content/guides')).toBe('guides are a file now')
    expect(await tree()).toEqual(['guides', 'index.md'])
  })
})
