import { describe, expect, it } from 'vitest'
import { PathClashError } from '../../ports/repo.ts'
import { author, bytes, commitOn as commit, type ReposContext, text, write } from './space-repos-setup.ts'

/**
 * The contract of RepoWriter: a commit on the tip and only there, no empty commit, a change that
 * would put a file where a folder is (or under a file) refused whole, and the branch moved to a
 * commit the repository already holds.
 */
export function describeRepoWriterContract({ localSpace }: ReposContext): void {
  describe('writing', () => {
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

    it('puts a file where a folder it empties was, in one commit', async () => {
      const repo = await localSpace()
      await commit(repo, [write('content/notes/a.md', 'a')])
      const changes = [{ path: 'content/notes/a.md', content: null }, write('content/notes', 'now a file')]
      expect(await repo.clash(changes)).toBeUndefined()
      await commit(repo, changes)
      expect(text((await repo.read('content/notes'))?.bytes)).toBe('now a file')
      expect(await repo.list('content/notes')).toEqual([])
    })

    it('moves the branch to a commit the repository holds, only from the tip it expects', async () => {
      const repo = await localSpace()
      const one = await commit(repo, [write('content/a.md', 'one')])
      const two = await commit(repo, [write('content/a.md', 'two')])
      await expect(repo.advance(one, one!, 'not from the tip')).rejects.toThrow()
      expect(await repo.head()).toBe(two)
      await repo.advance(two, one!, 'back to the first')
      expect(await repo.head()).toBe(one)
      expect(text((await repo.read('content/a.md'))?.bytes)).toBe('one')
      await repo.advance(one, two!, 'forward again')
      expect(await repo.head()).toBe(two)
    })
  })
}
