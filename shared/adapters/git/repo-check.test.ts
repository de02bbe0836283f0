import { execFile } from 'node:child_process'
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { SpaceRepos } from '../../ports/space-repos.ts'
import { outboundGuard } from '../net/outbound-guard.ts'
import { gitSpaceRepos } from './space-repos.ts'

const run = promisify(execFile)
const author = { name: 'Dana', email: 'dana@example.com' }
/** These repositories have no remote: the guard is never asked. */
const guard = outboundGuard({ allowPrivateNetwork: false })
const text = (bytes: Uint8Array | undefined) => (bytes ? new TextDecoder().decode(bytes) : undefined)

let root: string
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'quire-check-'))
})
afterEach(async () => {
  await rm(root, { recursive: true, force: true })
})

const gitdir = () => join(root, '1.git')
const git = async (...args: string[]) => (await run('git', ['--git-dir', gitdir(), ...args])).stdout

/** A local space with three pages written one commit each; returns the commits, oldest first. */
async function spaceWithPages(repos: SpaceRepos): Promise<string[]> {
  await repos.create(1, { repoUrl: '', branch: 'main', author, message: 'Create' })
  const repo = repos.open(1, 'main')
  const commits: string[] = []
  for (const name of ['a', 'b', 'c']) {
    const commit = await repo.commit({
      parent: await repo.head(),
      changes: [{ path: `content/${name}.md`, content: new TextEncoder().encode(`# ${name}\n`) }],
      author,
      message: `Add ${name}`,
    })
    await repo.settle()
    commits.push(commit as string)
  }
  return commits
}

/** What a restarted service sees: a fresh handle on the same folder, checked first. */
async function restart() {
  const repos = gitSpaceRepos(root, { guard })
  const check = await repos.check(1, 'main')
  return { repos, check, repo: repos.open(1, 'main') }
}

/** Git's own verdict on the repository, and its history as one line per commit with its parents. */
async function gitVerdict() {
  await git('fsck', '--strict', '--no-dangling')
  return (await git('rev-list', '--parents', 'main')).trim().split('\n')
}

describe('the check of a repository at start', () => {
  it('restores a branch ref a crash left empty from its reflog: pages, history and the next write go on', async () => {
    const commits = await spaceWithPages(gitSpaceRepos(root, { guard }))
    await truncate(join(gitdir(), 'refs/heads/main'), 0)

    const { check, repo } = await restart()
    expect(check).toMatchObject({ status: 'repaired', head: commits[2], source: 'reflog' })
    expect(text((await repo.read('content/c.md'))?.bytes)).toBe('# c\n')
    const next = await repo.commit({
      parent: await repo.head(),
      changes: [{ path: 'content/d.md', content: new TextEncoder().encode('# d\n') }],
      author,
      message: 'Add d',
    })
    await repo.settle()
    expect(await repo.parents(next as string)).toEqual([commits[2]])
    // One linear history from the first commit: nothing was orphaned by a new root.
    const history = await gitVerdict()
    expect(history).toHaveLength(5)
    expect(history.filter((line) => line.split(' ').length === 1)).toHaveLength(1)
  })

  it('restores a ref torn before reflogs were kept to the newest intact commit among the objects', async () => {
    const commits = await spaceWithPages(gitSpaceRepos(root, { guard }))
    await rm(join(gitdir(), 'logs'), { recursive: true })
    await writeFile(join(gitdir(), 'refs/heads/main'), '')

    const { check, repo } = await restart()
    expect(check).toMatchObject({ status: 'repaired', head: commits[2], source: 'objects' })
    expect((await repo.list('content')).map((f) => f.path)).toEqual(
      expect.arrayContaining(['content/a.md', 'content/b.md', 'content/c.md']),
    )
    await gitVerdict()
  })

  it('moves the branch back to its last intact commit when the tip’s objects were torn, and removes them', async () => {
    const commits = await spaceWithPages(gitSpaceRepos(root, { guard }))
    const tip = commits[2] as string
    const object = join(gitdir(), 'objects', tip.slice(0, 2), tip.slice(2))
    await chmod(object, 0o644)
    await truncate(object, 0)

    const { check, repo } = await restart()
    expect(check).toMatchObject({ status: 'repaired', head: commits[1], damagedHead: tip })
    await expect(stat(object)).rejects.toThrow()
    expect(text((await repo.read('content/b.md'))?.bytes)).toBe('# b\n')
    expect(await repo.read('content/c.md')).toBeUndefined()
    await gitVerdict()
  })

  it('never takes a damaged ref for an empty branch: reads refuse rather than start a new history', async () => {
    await spaceWithPages(gitSpaceRepos(root, { guard }))
    await writeFile(join(gitdir(), 'refs/heads/main'), 'garbage')
    const repo = gitSpaceRepos(root, { guard }).open(1, 'main')
    await expect(repo.head()).rejects.toMatchObject({ code: 'unavailable' })
  })

  it('removes temporary files and stale locks that interrupted writes left, and keeps sound repositories as they are', async () => {
    const commits = await spaceWithPages(gitSpaceRepos(root, { guard }))
    await writeFile(join(gitdir(), 'objects', '.tmp-obj-123456'), 'half')
    await writeFile(join(gitdir(), 'refs/heads/.tmp-main-abcdef'), 'half')
    await writeFile(join(gitdir(), 'refs/heads/main.lock'), '')

    const { check } = await restart()
    expect(check).toEqual({ status: 'ok', head: commits[2], removed: 3 })
    expect(await readdir(join(gitdir(), 'refs/heads'))).toEqual(['main'])
    // A second start finds nothing to do.
    expect((await restart()).check).toEqual({ status: 'ok', head: commits[2], removed: 0 })
  })

  it('drops a damaged record of the last push, which the next fetch learns again', async () => {
    const commits = await spaceWithPages(gitSpaceRepos(root, { guard }))
    await mkdir(join(gitdir(), 'refs/remotes/origin'), { recursive: true })
    await writeFile(join(gitdir(), 'refs/remotes/origin/main'), '')
    const { check, repo } = await restart()
    expect(check).toEqual({ status: 'ok', head: commits[2], removed: 1 })
    expect(await repo.remoteHead()).toBeUndefined()
  })

  it('says so when no intact state is left, without inventing one', async () => {
    const commits = await spaceWithPages(gitSpaceRepos(root, { guard }))
    const logged = (await readFile(join(gitdir(), 'logs/refs/heads/main'), 'utf8'))
      .trim()
      .split('\n')
      .map((line) => line.split(' ')[1] as string)
    for (const commit of logged) {
      const object = join(gitdir(), 'objects', commit.slice(0, 2), commit.slice(2))
      await chmod(object, 0o644)
      await truncate(object, 0)
    }
    const { check } = await restart()
    expect(check).toMatchObject({ status: 'damaged', damagedHead: commits[2] })
    expect((await readFile(join(gitdir(), 'refs/heads/main'), 'utf8')).trim()).toBe(commits[2])
  })
})

describe('object writes after a crash', () => {
  it('store an object whole even when a crash left an empty file under its name', async () => {
    const repos = gitSpaceRepos(root, { guard })
    await repos.create(1, { repoUrl: '', branch: 'main', author, message: 'Create' })
    const repo = repos.open(1, 'main')
    const content = new TextEncoder().encode('# Retried after the crash\n')
    const blob = await repo.blobId(content)
    // What an interrupted write used to leave: the object's name, with nothing in it.
    await mkdir(join(gitdir(), 'objects', blob.slice(0, 2)), { recursive: true })
    await writeFile(join(gitdir(), 'objects', blob.slice(0, 2), blob.slice(2)), '')
    await repo.commit({
      parent: await repo.head(),
      changes: [{ path: 'content/retry.md', content }],
      author,
      message: 'Retry',
    })
    await repo.settle()
    const fresh = gitSpaceRepos(root, { guard }).open(1, 'main')
    expect(text((await fresh.read('content/retry.md'))?.bytes)).toBe('# Retried after the crash\n')
    await gitVerdict()
  })

  it('keep a reflog of the branch that Git itself reads', async () => {
    const commits = await spaceWithPages(gitSpaceRepos(root, { guard }))
    const reflog = (await git('reflog', 'show', '--format=%H', 'refs/heads/main')).trim().split('\n')
    expect(reflog.slice(0, 3)).toEqual([...commits].reverse())
  })
})
