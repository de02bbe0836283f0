import { describe, expect, it } from 'vitest'
import { KEEP_FILE } from '../../ports/space-repos.ts'
import { describeRepoExchangeContract } from './space-repos-exchange.contract.ts'
import { describeRepoReaderContract } from './space-repos-reader.contract.ts'
import { author, commitOn as commit, type ReposFixture, text, useRepos, write } from './space-repos-setup.ts'
import { describeRepoWriterContract } from './space-repos-writer.contract.ts'

export type { ReposFixture }

/**
 * The contract of the SpaceRepos port and of the Repo it opens: a space's repository created,
 * checked and removed, and that one space's repository never shows another's files; then each role
 * of the Repo (reading, writing, the exchange with a remote) in a part of its own.
 */
export function describeSpaceReposContract(name: string, makeRepos: () => Promise<ReposFixture>): void {
  describe(`${name}: space repositories`, () => {
    const context = useRepos(makeRepos)
    const { repos, localSpace } = context

    it('creates a space with content/ and a first commit by its author', async () => {
      const repo = await localSpace()
      const head = await repo.head()
      expect(head).toBeDefined()
      expect(await repo.parents(head!)).toEqual([])
      expect(await repo.commitInfo(head!)).toMatchObject({ sha: head, author, subject: 'Create the space' })
      expect(await repo.list('content')).toEqual([
        { path: KEEP_FILE, sha: await repo.blobId(new Uint8Array()), size: 0 },
      ])
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

    it('lists the spaces whose repositories it keeps, and sets one aside for a new space of its id', async () => {
      expect(await repos().present()).toEqual([])
      await localSpace(1)
      const left = await localSpace(2)
      await commit(left, [write('content/a.md', 'left behind')])
      expect((await repos().present()).sort()).toEqual([1, 2])
      const again = await localSpace(2)
      expect(await again.read('content/a.md')).toBeUndefined()
      expect((await repos().present()).sort()).toEqual([1, 2])
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

    describeRepoReaderContract(context)
    describeRepoWriterContract(context)
    describeRepoExchangeContract(context)
  })
}
