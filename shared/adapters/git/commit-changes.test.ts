import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CommitChanges } from '../../ports/repo.ts'
import { isolatedGitEnv, runGit, writeFiles } from '../../testing/git-cli.ts'
import { outboundGuard } from '../net/outbound-guard.ts'
import { bareRepo } from './bare-repo.ts'
import { walkChangesSince } from './commit-changes.ts'

let dir: string
let git: (...args: string[]) => Promise<string>
let commits: Record<string, string>

/** What a reader of the change log keeps of an answer: who changed which file, and the blobs. */
const summary = (answer: CommitChanges[] | undefined) =>
  answer
    ?.filter((c) => c.changes.length > 0)
    .map((c) => ({
      subject: c.commit.subject,
      author: c.commit.author.name,
      changes: [...c.changes].sort((a, b) => (a.path < b.path ? -1 : 1)),
    }))

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quire-changes-'))
  const env = isolatedGitEnv(dir)
  const work = join(dir, 'work')
  git = (...args) => runGit(work, args, env)
  await runGit(dir, ['init', '--quiet', '--initial-branch=main', work], env)
  const commit = async (name: string, author: string, files: Record<string, string>) => {
    await writeFiles(work, files)
    await git('add', '-A')
    await git('commit', '--quiet', '--author', `${author} <${author.toLowerCase()}@example.com>`, '-m', name)
    commits[name] = await git('rev-parse', 'HEAD')
  }
  commits = {}
  await commit('start', 'Ada', { 'content/a.md': 'a\n', 'content/b.md': 'b\n', 'notes.txt': 'n\n' })
  // A branch taken here, merged after the main line moved on.
  await git('checkout', '--quiet', '-b', 'side')
  await commit('side edits a', 'Bea', { 'content/a.md': 'a by Bea\n' })
  await commit('side edits both', 'Bea', { 'content/a.md': 'a again\n', 'content/b.md': 'b by Bea\n' })
  await git('checkout', '--quiet', 'main')
  await commit('main edits b', 'Carl', { 'content/b.md': 'b by Carl\n', 'notes.txt': 'outside content\n' })
  await git('merge', '--quiet', '--no-ff', 'side', '-m', 'merge side', '-X', 'ours')
  commits.merge = await git('rev-parse', 'HEAD')
  await commit('after the merge', 'Dora', { 'content/c.md': 'c\n' })
})
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('the changes of the commits since a known one', () => {
  const open = () => bareRepo(join(dir, 'work', '.git'), 'main', outboundGuard({ allowPrivateNetwork: true }))

  it('lists each commit since the known one once, oldest first, crediting a merge with nothing it took from a side', async () => {
    const repo = open()
    const tip = commits['after the merge'] as string
    const expected = ['side edits a', 'side edits both', 'main edits b', 'after the merge']
    for (const answer of [
      await repo.changesSince(commits.start, tip, 'content', 100),
      await walkChangesSince(repo, commits.start, tip, 'content', 100),
    ]) {
      const got = summary(answer) ?? []
      // Parents before children: the side's two commits in order; the merge kept main's b.md, so it made no change of its own.
      expect(got.map((c) => c.subject).sort()).toEqual([...expected].sort())
      expect(got.findIndex((c) => c.subject === 'side edits a')).toBeLessThan(
        got.findIndex((c) => c.subject === 'side edits both'),
      )
      expect(got.at(-1)?.subject).toBe('after the merge')
      expect(got.find((c) => c.subject === 'main edits b')).toMatchObject({
        author: 'Carl',
        changes: [{ path: 'content/b.md', before: expect.any(String), after: expect.any(String) }],
      })
      expect(got.find((c) => c.subject === 'after the merge')?.changes).toEqual([
        { path: 'content/c.md', before: null, after: expect.stringMatching(/^[0-9a-f]{40}$/) },
      ])
      expect(got.flatMap((c) => c.changes.map((x) => x.path))).not.toContain('notes.txt')
    }
  })

  it('reads only what came after the known commit, and gives up past the limit', async () => {
    const repo = open()
    const tip = commits['after the merge'] as string
    expect(summary(await repo.changesSince(commits.merge, tip, 'content', 100))).toEqual([
      expect.objectContaining({ subject: 'after the merge' }),
    ])
    expect(summary(await walkChangesSince(repo, commits.merge, tip, 'content', 100))).toEqual([
      expect.objectContaining({ subject: 'after the merge' }),
    ])
    expect(await repo.changesSince(commits.start, tip, 'content', 2)).toBeUndefined()
    expect(await walkChangesSince(repo, commits.start, tip, 'content', 2)).toBeUndefined()
    expect(await repo.changesSince(tip, tip, 'content', 100)).toEqual([])
  })
})
