import { describe, expect, it } from 'vitest'
import { author, bytes, commitOn as commit, type ReposContext, text, write } from './space-repos-setup.ts'

/**
 * The contract of RepoReader: files read at the tip or at an earlier commit, listed under a folder,
 * and the history told back commit by commit (parents, differences, the commits since a known one).
 */
export function describeRepoReaderContract({ localSpace }: ReposContext): void {
  describe('reading', () => {
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

    it('finds the file or folder a path differs from only by case, and nothing else', async () => {
      const repo = await localSpace()
      expect(await repo.caseTwin('content/a.md')).toBeUndefined()
      await commit(repo, [write('content/Guides/setup.md', 's'), write('content/hello.md', 'h')])
      expect(await repo.caseTwin('content/HELLO.md')).toBe('content/hello.md')
      expect(await repo.caseTwin('content/guides/new.md')).toBe('content/Guides')
      expect(await repo.caseTwin('content/Guides/SETUP.md')).toBe('content/Guides/setup.md')
      expect(await repo.caseTwin('content/hello.md')).toBeUndefined()
      expect(await repo.caseTwin('content/Guides/other.md')).toBeUndefined()
      expect(await repo.caseTwin('content/new/hello.md')).toBeUndefined()
      expect(await repo.caseTwin('content/hello.md/under.md')).toBeUndefined()
    })

    it('answers undefined for what is not there', async () => {
      const repo = await localSpace()
      expect(await repo.read('content/missing.md')).toBeUndefined()
      expect(await repo.shaOf('content/missing.md')).toBeUndefined()
      expect(await repo.readBlob(await repo.blobId(bytes('never written')))).toBeUndefined()
      expect(await repo.list('content/nowhere')).toEqual([])
      expect(await repo.commitInfo('0123456789abcdef0123456789abcdef01234567')).toBeUndefined()
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
      // Page by page: the commits older than the last one given, whether it touched the path or not.
      expect((await repo.history('content/a.md', 2, false, second)).map((c) => c.sha)).toEqual([first])
      expect((await repo.history('content/a.md', 1, false, third)).map((c) => c.sha)).toEqual([second])
      const other = (await repo.history('content/b.md', 1))[0]?.sha ?? ''
      expect((await repo.history('content/a.md', 10, false, other)).map((c) => c.sha)).toEqual([first])
      expect(await repo.history('content/a.md', 10, false, first)).toEqual([])
      expect(await repo.history('content/a.md', 10, false, 'f'.repeat(40))).toEqual([])
    })

    it('follows a file through a move when asked, saying where it was before', async () => {
      const repo = await localSpace()
      const first = await commit(repo, [write('content/a.md', '1')], 'A one', 1_000_000)
      const second = await commit(repo, [write('content/a.md', '2')], 'A two', 2_000_000)
      const moved = await commit(
        repo,
        [{ path: 'content/a.md', content: null }, write('content/guides/b.md', '2')],
        'Move a.md to guides/b.md',
        3_000_000,
      )
      const third = await commit(repo, [write('content/guides/b.md', '3')], 'B three', 4_000_000)
      const followed = await repo.history('content/guides/b.md', 10, true)
      expect(followed.map((c) => [c.sha, c.path])).toEqual([
        [third, undefined],
        [moved, undefined],
        [second, 'content/a.md'],
        [first, 'content/a.md'],
      ])
      expect((await repo.history('content/guides/b.md', 10)).map((c) => c.sha)).toEqual([third, moved])
      // The next page after the move goes on at the older path.
      expect((await repo.history('content/guides/b.md', 1, true, moved)).map((c) => [c.sha, c.path])).toEqual(
        [[second, 'content/a.md']],
      )
      // The only page a commit deleted, when it made only one: moved with its text changed on the way.
      await commit(repo, [
        { path: 'content/guides/b.md', content: null },
        write('content/c.md', '3 and more'),
      ])
      expect((await repo.history('content/c.md', 10, true)).length).toBe(5)
      // Two pages made as one goes are new pages.
      await commit(repo, [
        { path: 'content/c.md', content: null },
        write('content/d.md', 'd'),
        write('content/e.md', 'e'),
      ])
      expect((await repo.history('content/d.md', 10, true)).length).toBe(1)
    })

    it('tells whether one commit comes before another on the branch', async () => {
      const repo = await localSpace()
      const one = await commit(repo, [write('content/a.md', '1')])
      const two = await commit(repo, [write('content/a.md', '2')])
      expect(await repo.isAncestor(one!, two!)).toBe(true)
      expect(await repo.isAncestor(two!, two!)).toBe(true)
      expect(await repo.isAncestor(two!, one!)).toBe(false)
    })

    it('gives the commits since a known one, oldest first, with what each changed under a folder', async () => {
      const repo = await localSpace()
      const created = await repo.head()
      const one = await commit(repo, [write('content/a.md', 'a')], 'One', 1_000_000)
      const outside = await commit(repo, [write('.service/vocation.md', 'v')], 'Outside', 2_000_000)
      const two = await commit(
        repo,
        [{ path: 'content/a.md', content: null }, write('content/b.md', 'b'), write('.service/x.md', 'x')],
        'Two',
        3_000_000,
      )
      const since = await repo.changesSince(one, two!, 'content', 10)
      // A commit that changed nothing under the folder may be told or left out; the others are all told.
      expect(since?.map((c) => c.commit.sha).filter((sha) => sha !== outside)).toEqual([two])
      const last = since?.at(-1)
      expect(last?.commit).toMatchObject({ sha: two, subject: 'Two', author, date: 3_000_000 })
      expect(last?.parents).toEqual([outside])
      expect(last?.changes.sort((x, y) => (x.path < y.path ? -1 : 1))).toEqual([
        { path: 'content/a.md', before: await repo.blobId(bytes('a')), after: null },
        { path: 'content/b.md', before: null, after: await repo.blobId(bytes('b')) },
      ])
      const all = await repo.changesSince(undefined, two!, 'content', 10)
      const told = all?.map((c) => c.commit.sha).filter((sha) => sha !== outside)
      expect(told).toEqual([created, one, two])
      expect(await repo.changesSince(two, two!, 'content', 10)).toEqual([])
      expect(await repo.changesSince(undefined, two!, 'content', 2)).toBeUndefined()
    })
  })
}
