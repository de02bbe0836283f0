import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type FileChange, PathClashError, type Repo } from '../../ports/repo.ts'
import type { SpaceRepos } from '../../ports/space-repos.ts'

/** A fresh place for repositories, and how to let go of it. */
export type ReposFixture = { repos: SpaceRepos; close: () => Promise<void> | void }

const author = { name: 'Dana Scully', email: 'dana@example.com' }
const bytes = (text: string) => new TextEncoder().encode(text)
const text = (value: Uint8Array | undefined) => (value ? new TextDecoder().decode(value) : undefined)
const write = (path: string, content: string): FileChange => ({ path, content: bytes(content) })

/**
 * The contract of the SpaceRepos port and of the Repo it opens: a space's repository created,
 * read, written commit by commit, listed and walked back through history; and that one space's
 * repository never shows another's files.
 */
export function describeSpaceReposContract(name: string, makeRepos: () => Promise<ReposFixture>): void {
  describe(`${name}: space repositories`, () => {
    let fixture: ReposFixture | undefined
    beforeEach(async () => {
      fixture = await makeRepos()
    })
    afterEach(async () => {
      await fixture?.close()
      fixture = undefined
    })
    const repos = () => fixture!.repos

    /** A space the service keeps itself (no remote), opened on `main`. */
    const localSpace = async (spaceId = 1): Promise<Repo> => {
      await repos().create(spaceId, { repoUrl: '', branch: 'main', author, message: 'Create the space' })
      return repos().open(spaceId, 'main')
    }
    /** Commits changes on the tip and waits until they are on disk. */
    const commit = async (repo: Repo, changes: FileChange[], message = 'Change', at?: number) => {
      const sha = await repo.commit({ parent: await repo.head(), changes, author, message, at })
      await repo.settle()
      return sha
    }

    it('creates a space with content/ and a first commit by its author', async () => {
      const repo = await localSpace()
      const head = await repo.head()
      expect(head).toBeDefined()
      expect(await repo.parents(head!)).toEqual([])
      expect(await repo.commitInfo(head!)).toMatchObject({ sha: head, author, subject: 'Create the space' })
      const files = await repo.list('content')
      expect(files.length).toBeGreaterThan(0)
      expect(files.every((f) => f.path.startsWith('content/'))).toBe(true)
    })

    it('prepares an empty clone for a space with a remote, filled by its first sync', async () => {
      await repos().create(1, {
        repoUrl: 'https://git.example.invalid/wiki.git',
        branch: 'main',
        author,
        message: 'Create',
      })
      const repo = repos().open(1, 'main')
      expect(await repo.head()).toBeUndefined()
      expect(await repo.remoteHead()).toBeUndefined()
      expect(await repo.list('content')).toEqual([])
    })

    it('writes a commit and reads the file back by path and by blob id', async () => {
      const repo = await localSpace()
      const sha = await commit(repo, [write('content/a.md', '# A\n')], 'Add A', 1_700_000_000_000)
      expect(sha).toBeDefined()
      expect(await repo.head()).toBe(sha)
      const read = await repo.read('content/a.md')
      expect(text(read?.bytes)).toBe('# A\n')
      expect(read?.sha).toBe(await repo.blobId(bytes('# A\n')))
      expect(await repo.shaOf('content/a.md')).toBe(read?.sha)
      expect(text(await repo.readBlob(read!.sha))).toBe('# A\n')
      expect(await repo.commitInfo(sha!)).toEqual({
        sha,
        author,
        date: 1_700_000_000_000,
        subject: 'Add A',
        message: expect.stringMatching(/^Add A\n?$/),
      })
    })

    it('reads every file of a large folder by path, and nothing that is not there', async () => {
      const repo = await localSpace()
      const names = Array.from({ length: 60 }, (_, i) => `content/many/p-${String(i).padStart(2, '0')}.md`)
      await commit(
        repo,
        names.map((name, i) => write(name, `# ${i}\n`)),
        'Add many',
        1_700_000_000_000,
      )
      for (const [i, name] of names.entries()) expect(text((await repo.read(name))?.bytes)).toBe(`# ${i}\n`)
      expect(await repo.read('content/many/p-60.md')).toBeUndefined()
      expect(await repo.read('content/many/p-01.md/more')).toBeUndefined()
      await commit(repo, [write('content/many/p-07.md', '# changed\n')], 'Change one', 1_700_000_001_000)
      expect(text((await repo.read('content/many/p-07.md'))?.bytes)).toBe('# changed\n')
    })

    it('answers undefined for what is not there', async () => {
      const repo = await localSpace()
      expect(await repo.read('content/missing.md')).toBeUndefined()
      expect(await repo.shaOf('content/missing.md')).toBeUndefined()
      expect(await repo.readBlob(await repo.blobId(bytes('never written')))).toBeUndefined()
      expect(await repo.list('content/nowhere')).toEqual([])
    })

    it('keeps the subject and body of a longer message', async () => {
      const repo = await localSpace()
      const message = 'Add A\n\nBecause we needed it.\n\nSource: api\n'
      const sha = await commit(repo, [write('content/a.md', 'a')], message)
      const info = await repo.commitInfo(sha!)
      expect(info?.subject).toBe('Add A')
      expect(info?.message.trimEnd()).toBe(message.trimEnd())
    })

    it('reads a file as it was at an earlier commit', async () => {
      const repo = await localSpace()
      const first = await commit(repo, [write('content/a.md', 'one')])
      await commit(repo, [write('content/a.md', 'two')])
      expect(text((await repo.read('content/a.md', first))?.bytes)).toBe('one')
      expect(text((await repo.read('content/a.md'))?.bytes)).toBe('two')
    })

    it('makes no commit for changes that leave the tree as it was', async () => {
      const repo = await localSpace()
      const sha = await commit(repo, [write('content/a.md', 'same')])
      expect(await commit(repo, [write('content/a.md', 'same')])).toBeUndefined()
      expect(await commit(repo, [{ path: 'content/never.md', content: null }])).toBeUndefined()
      expect(await repo.head()).toBe(sha)
    })

    it('refuses a commit on a parent that is no longer the tip', async () => {
      const repo = await localSpace()
      const base = await repo.head()
      await commit(repo, [write('content/a.md', 'mine')])
      const tip = await repo.head()
      await expect(
        (async () =>
          repo.commit({ parent: base, changes: [write('content/b.md', 'b')], author, message: 'Late' }))(),
      ).rejects.toThrow()
      expect(await repo.head()).toBe(tip)
    })

    it('deletes a file with a null change', async () => {
      const repo = await localSpace()
      await commit(repo, [write('content/a.md', 'a'), write('content/b.md', 'b')])
      await commit(repo, [{ path: 'content/a.md', content: null }])
      expect(await repo.read('content/a.md')).toBeUndefined()
      expect((await repo.list('content')).map((f) => f.path)).not.toContain('content/a.md')
      expect(await repo.shaOf('content/b.md')).toBeDefined()
    })

    it('lists every file under a folder, recursively, with its blob id and size', async () => {
      const repo = await localSpace()
      await commit(repo, [
        write('content/a.md', 'aaa'),
        write('content/deep/er/b.md', 'bb'),
        write('.service/vocation.md', 'outside'),
      ])
      const listed = (await repo.list('content/deep')).sort((x, y) => x.path.localeCompare(y.path))
      expect(listed).toEqual([{ path: 'content/deep/er/b.md', sha: await repo.blobId(bytes('bb')), size: 2 }])
      const all = (await repo.list('content')).map((f) => f.path)
      expect(all).toEqual(expect.arrayContaining(['content/a.md', 'content/deep/er/b.md']))
      expect(await repo.blobs('content/deep')).toEqual([
        { path: 'content/deep/er/b.md', sha: listed[0]?.sha },
      ])
      expect(await repo.blobs('content/nowhere')).toEqual([])
      expect(all).not.toContain('.service/vocation.md')
    })

    it('reports what a change would clash with, and refuses the commit', async () => {
      const repo = await localSpace()
      await commit(repo, [write('content/folder/a.md', 'a'), write('content/file.md', 'f')])
      const tip = await repo.head()
      expect(await repo.clash([write('content/folder', 'x')])).toEqual({
        path: 'content/folder',
        blocker: 'folder',
      })
      expect(await repo.clash([write('content/file.md/under.md', 'x')])).toEqual({
        path: 'content/file.md',
        blocker: 'file',
      })
      expect(await repo.clash([{ path: 'content/folder', content: null }])).toBeUndefined()
      expect(await repo.clash([write('content/folder/b.md', 'b')])).toBeUndefined()
      await expect(
        (async () =>
          repo.commit({ parent: tip, changes: [write('content/folder', 'x')], author, message: 'x' }))(),
      ).rejects.toBeInstanceOf(PathClashError)
      expect(await repo.head()).toBe(tip)
    })

    it('gives a commit’s parents and the paths two commits differ by', async () => {
      const repo = await localSpace()
      const created = await repo.head()
      const one = await commit(repo, [write('content/a.md', 'a'), write('content/b.md', 'b')])
      const two = await commit(repo, [write('content/a.md', 'a2'), { path: 'content/b.md', content: null }])
      expect(await repo.parents(two!)).toEqual([one])
      expect((await repo.changedPaths(one, two)).sort()).toEqual(['content/a.md', 'content/b.md'])
      expect((await repo.changedPaths(created, one)).sort()).toEqual(['content/a.md', 'content/b.md'])
      expect(await repo.changedPaths(two, two)).toEqual([])
      expect((await repo.changedPaths(undefined, one)).sort()).toEqual(
        expect.arrayContaining(['content/a.md', 'content/b.md']),
      )
    })

    it('gives the blobs on each side of the files two commits differ by', async () => {
      const repo = await localSpace()
      const one = await commit(repo, [write('content/a.md', 'a'), write('content/b.md', 'b')])
      const two = await commit(repo, [
        write('content/a.md', 'a2'),
        { path: 'content/b.md', content: null },
        write('content/c.md', 'c'),
      ])
      const blob = (text: string) => repo.blobId(new TextEncoder().encode(text))
      const diff = (await repo.diff(one, two)).sort((x, y) => (x.path < y.path ? -1 : 1))
      expect(diff).toEqual([
        { path: 'content/a.md', before: await blob('a'), after: await blob('a2') },
        { path: 'content/b.md', before: await blob('b'), after: null },
        { path: 'content/c.md', before: null, after: await blob('c') },
      ])
      expect(await repo.diff(two, two)).toEqual([])
    })

    it('walks the commits that changed a path, newest first, up to a limit', async () => {
      const repo = await localSpace()
      const first = await commit(repo, [write('content/a.md', '1')], 'A one', 1_000_000)
      await commit(repo, [write('content/b.md', 'x')], 'B only', 2_000_000)
      const second = await commit(repo, [write('content/a.md', '2')], 'A two', 3_000_000)
      const third = await commit(repo, [write('content/a.md', '3')], 'A three', 4_000_000)
      const history = await repo.history('content/a.md', 10)
      expect(history.map((c) => c.sha)).toEqual([third, second, first])
      expect(history[0]).toMatchObject({ subject: 'A three', author, date: 4_000_000 })
      expect((await repo.history('content/a.md', 2)).map((c) => c.sha)).toEqual([third, second])
      expect(await repo.history('content/never.md', 10)).toEqual([])
    })

    it('reports a healthy repository as ok, at its tip', async () => {
      const repo = await localSpace()
      const tip = await commit(repo, [write('content/a.md', 'a')])
      expect(await repos().check(1, 'main')).toMatchObject({ status: 'ok', head: tip })
      expect(text((await repos().open(1, 'main').read('content/a.md'))?.bytes)).toBe('a')
    })

    it('removes a space’s copy; a new space with the same id starts afresh', async () => {
      const repo = await localSpace()
      await commit(repo, [write('content/a.md', 'old space')])
      await repos().remove(1)
      expect(await repos().check(1, 'main')).toEqual({ status: 'missing' })
      const again = await localSpace()
      expect(await again.read('content/a.md')).toBeUndefined()
    })

    it('keeps each space’s repository to itself', async () => {
      const mine = await localSpace(1)
      const theirs = await localSpace(2)
      await commit(theirs, [write('content/secret.md', 'their plans')])
      const myTip = await commit(mine, [write('content/a.md', 'mine')])

      expect(await mine.read('content/secret.md')).toBeUndefined()
      expect((await mine.list('content')).map((f) => f.path)).not.toContain('content/secret.md')
      expect(await mine.history('content/secret.md', 10)).toEqual([])
      const theirBlob = await theirs.shaOf('content/secret.md')
      expect(await mine.readBlob(theirBlob!)).toBeUndefined()

      await repos().remove(2)
      expect(await mine.head()).toBe(myTip)
      expect(text((await mine.read('content/a.md'))?.bytes)).toBe('mine')
    })
  })
}
