import { describe, expect, it } from 'vitest'
import type { RemoteAccess, Repo } from '../../ports/repo.ts'
import {
  author,
  bytes,
  commitOn as commit,
  otherAuthor,
  type ReposContext,
  text,
  write,
} from './space-repos-setup.ts'

/**
 * The contract of RepoExchange, against a real remote: a first push, a push refused because the
 * remote moved, a fetch that leaves the branch where it was, and integration by fast-forward, by a
 * clean replay of local commits on the remote's, and with a conflict that keeps both versions.
 */
export function describeRepoExchangeContract({ newRemote, remoteSpace }: ReposContext): void {
  describe('the exchange with a remote', () => {
    /** Two spaces following one remote: `mine` made its first commit and pushed it, `theirs` took it. */
    const twoClones = async (): Promise<{ remote: RemoteAccess; mine: Repo; theirs: Repo; base: string }> => {
      const remote = await newRemote()
      const mine = await remoteSpace(1, remote)
      const base = await commit(mine, [write('content/a.md', 'a\n'), write('content/b.md', 'b\n')], 'Start')
      expect(await mine.push(remote)).toBe('pushed')
      const theirs = await remoteSpace(2, remote)
      expect(await theirs.fetch(remote)).toBe(base)
      expect(await theirs.integrate()).toEqual({ head: base, conflicts: [] })
      return { remote, mine, theirs, base: base! }
    }

    it('finds no branch on an empty remote, and leaves the empty clone as it was', async () => {
      const remote = await newRemote()
      const repo = await remoteSpace(1, remote)
      expect(await repo.fetch(remote)).toBeUndefined()
      expect(await repo.remoteHead()).toBeUndefined()
      expect(await repo.integrate()).toEqual({ head: undefined, conflicts: [] })
      expect(await repo.aheadBehind()).toEqual({ ahead: 0, behind: 0 })
    })

    it('pushes the first commits to an empty remote, then has nothing more to send', async () => {
      const remote = await newRemote()
      const repo = await remoteSpace(1, remote)
      await commit(repo, [write('content/a.md', 'a')], 'One')
      const tip = await commit(repo, [write('content/b.md', 'b')], 'Two')
      expect(await repo.aheadBehind()).toEqual({ ahead: 2, behind: 0 })
      expect(await repo.push(remote)).toBe('pushed')
      expect(await repo.remoteHead()).toBe(tip)
      expect(await repo.aheadBehind()).toEqual({ ahead: 0, behind: 0 })
      // Nothing is left to send: an empty update and no update at all both leave the remote at the tip.
      expect(['pushed', 'up_to_date']).toContain(await repo.push(remote))
      expect(await repo.remoteHead()).toBe(tip)
      expect(await repo.head()).toBe(tip)
    })

    it('fetches new remote commits without moving the branch, then fast-forwards to them', async () => {
      const { remote, mine, theirs, base } = await twoClones()
      const theirTip = await commit(
        theirs,
        [write('content/a.md', 'a, theirs\n')],
        'Theirs',
        5_000,
        otherAuthor,
      )
      expect(await theirs.push(remote)).toBe('pushed')

      expect(await mine.fetch(remote)).toBe(theirTip)
      expect(await mine.remoteHead()).toBe(theirTip)
      expect(await mine.head()).toBe(base)
      expect(text((await mine.read('content/a.md'))?.bytes)).toBe('a\n')
      expect(text((await mine.read('content/a.md', theirTip))?.bytes)).toBe('a, theirs\n')
      expect(await mine.commitInfo(theirTip!)).toMatchObject({ author: otherAuthor, subject: 'Theirs' })
      expect(await mine.aheadBehind()).toEqual({ ahead: 0, behind: 1 })

      expect(await mine.integrate()).toEqual({ head: theirTip, conflicts: [] })
      expect(await mine.head()).toBe(theirTip)
      expect(text((await mine.read('content/a.md'))?.bytes)).toBe('a, theirs\n')
      expect(await mine.aheadBehind()).toEqual({ ahead: 0, behind: 0 })
    })

    it('refuses to push over commits the remote took meanwhile, and leaves them there', async () => {
      const { remote, mine, theirs } = await twoClones()
      const theirTip = await commit(theirs, [write('content/b.md', 'b, theirs\n')], 'Theirs')
      expect(await theirs.push(remote)).toBe('pushed')
      const myTip = await commit(mine, [write('content/a.md', 'a, mine\n')], 'Mine')

      expect(await mine.push(remote)).toBe('rejected')
      expect(await mine.head()).toBe(myTip)
      expect(await theirs.fetch(remote)).toBe(theirTip)
    })

    it('keeps local commits that the remote already has below them', async () => {
      const { remote, mine, base } = await twoClones()
      const myTip = await commit(mine, [write('content/a.md', 'a, mine\n')], 'Mine')
      expect(await mine.fetch(remote)).toBe(base)
      expect(await mine.integrate()).toEqual({ head: myTip, conflicts: [] })
      expect(await mine.aheadBehind()).toEqual({ ahead: 1, behind: 0 })
    })

    it('puts local commits on top of the remote’s when they changed other files, then pushes', async () => {
      const { remote, mine, theirs } = await twoClones()
      const theirTip = await commit(
        theirs,
        [write('content/b.md', 'b, theirs\n')],
        'Theirs',
        5_000,
        otherAuthor,
      )
      expect(await theirs.push(remote)).toBe('pushed')
      await commit(mine, [write('content/a.md', 'a, mine\n')], 'Mine', 6_000)
      expect(await mine.push(remote)).toBe('rejected')

      expect(await mine.fetch(remote)).toBe(theirTip)
      expect(await mine.aheadBehind()).toEqual({ ahead: 1, behind: 1 })
      const { head, conflicts } = await mine.integrate()
      expect(conflicts).toEqual([])
      expect(await mine.head()).toBe(head)
      expect(await mine.parents(head!)).toEqual([theirTip])
      expect(await mine.commitInfo(head!)).toMatchObject({ author, subject: 'Mine', date: 6_000 })
      expect(text((await mine.read('content/a.md'))?.bytes)).toBe('a, mine\n')
      expect(text((await mine.read('content/b.md'))?.bytes)).toBe('b, theirs\n')
      expect(await mine.aheadBehind()).toEqual({ ahead: 1, behind: 0 })

      expect(await mine.push(remote)).toBe('pushed')
      expect(await theirs.fetch(remote)).toBe(head)
      expect(await theirs.integrate()).toEqual({ head, conflicts: [] })
      expect(text((await theirs.read('content/a.md'))?.bytes)).toBe('a, mine\n')
    })

    it('keeps the remote’s version of a file both sides changed, and holds the rest of that commit with it', async () => {
      const { remote, mine, theirs } = await twoClones()
      const theirTip = await commit(theirs, [write('content/a.md', 'a, theirs\n')], 'Theirs')
      expect(await theirs.push(remote)).toBe('pushed')
      await commit(mine, [write('content/a.md', 'a, mine\n'), write('content/c.md', 'c\n')], 'Mine')
      await commit(mine, [write('content/d.md', 'd\n')], 'Later, on its own')

      expect(await mine.fetch(remote)).toBe(theirTip)
      const { head, conflicts } = await mine.integrate()
      expect(conflicts).toEqual([
        {
          path: 'content/a.md',
          localSha: await mine.blobId(bytes('a, mine\n')),
          remoteSha: await mine.blobId(bytes('a, theirs\n')),
        },
        { path: 'content/c.md', localSha: await mine.blobId(bytes('c\n')), remoteSha: null },
      ])
      expect(await mine.head()).toBe(head)
      expect(await mine.isAncestor(theirTip!, head!)).toBe(true)
      expect(text((await mine.read('content/a.md'))?.bytes)).toBe('a, theirs\n')
      expect(await mine.read('content/c.md')).toBeUndefined()
      // A later commit that needs nothing of the held one goes on.
      expect(text((await mine.read('content/d.md'))?.bytes)).toBe('d\n')
      expect(text(await mine.readBlob(conflicts[0]!.localSha!))).toBe('a, mine\n')
    })

    it('holds the later commits that build on a held one, and puts on those that do not', async () => {
      const { remote, mine, theirs } = await twoClones()
      await commit(theirs, [write('content/a.md', 'a, theirs\n')], 'Theirs')
      expect(await theirs.push(remote)).toBe('pushed')
      await commit(mine, [write('content/a.md', 'a1\n'), write('content/b.md', 'b1\n')], 'One')
      await commit(mine, [write('content/b.md', 'b2\n'), write('content/c.md', 'c1\n')], 'Two, on One')
      await commit(mine, [write('content/c.md', 'c2\n')], 'Three, on Two')
      await commit(mine, [write('content/d.md', 'd\n')], 'Four, on its own')

      await mine.fetch(remote)
      const { conflicts } = await mine.integrate()
      expect(conflicts.map((c) => c.path).sort()).toEqual(['content/a.md', 'content/b.md', 'content/c.md'])
      // Each held file with its newest local version.
      const local = async (path: string) =>
        text(await mine.readBlob(conflicts.find((c) => c.path === path)!.localSha!))
      expect(await local('content/b.md')).toBe('b2\n')
      expect(await local('content/c.md')).toBe('c2\n')
      expect(text((await mine.read('content/b.md'))?.bytes)).toBe('b\n')
      expect(await mine.read('content/c.md')).toBeUndefined()
      expect(text((await mine.read('content/d.md'))?.bytes)).toBe('d\n')
    })

    it('names the remote’s version of a file held by a clash of file and folder', async () => {
      const { remote, mine, theirs } = await twoClones()
      await commit(mine, [write('content/x/y.md', 'y\n')], 'A folder x/')
      expect(await mine.push(remote)).toBe('pushed')
      await theirs.fetch(remote)
      await theirs.integrate()
      await commit(theirs, [write('content/x/z.md', 'z\n')], 'Theirs: another file in x/')
      expect(await theirs.push(remote)).toBe('pushed')
      // Locally, x/ becomes a file: its y.md goes, where the remote keeps the folder with z.md.
      await commit(
        mine,
        [{ path: 'content/x/y.md', content: null }, write('content/x', 'now a file\n')],
        'Mine',
      )

      await mine.fetch(remote)
      const { conflicts } = await mine.integrate()
      expect(conflicts).toContainEqual({
        path: 'content/x/y.md',
        localSha: null,
        remoteSha: await mine.blobId(bytes('y\n')),
      })
      expect(text((await mine.read('content/x/y.md'))?.bytes)).toBe('y\n')
      expect(text((await mine.read('content/x/z.md'))?.bytes)).toBe('z\n')
    })

    it('never takes a note out of the inbox when the page it was filed into clashes', async () => {
      const { remote, mine, theirs } = await twoClones()
      const note = '.service/inbox/20261130-pgbouncer.md'
      const base = await commit(theirs, [write(note, 'Use PgBouncer.\n')], 'Drop a note')
      expect(await theirs.push(remote)).toBe('pushed')
      expect(await mine.fetch(remote)).toBe(base)
      await mine.integrate()
      await commit(theirs, [write('content/a.md', 'a, theirs\n')], 'Theirs')
      expect(await theirs.push(remote)).toBe('pushed')
      // The tidy-up files the note: one commit appends it to the page and takes it out of the inbox.
      await commit(
        mine,
        [write('content/a.md', 'a\nUse PgBouncer.\n'), { path: note, content: null }],
        'Tidy',
      )

      await mine.fetch(remote)
      const { conflicts } = await mine.integrate()
      expect(conflicts.map((c) => c.path).sort()).toEqual([note, 'content/a.md'])
      expect(text((await mine.read(note))?.bytes)).toBe('Use PgBouncer.\n')
      expect(text(await mine.readBlob(conflicts.find((c) => c.path === 'content/a.md')!.localSha!))).toBe(
        'a\nUse PgBouncer.\n',
      )
    })
  })
}
