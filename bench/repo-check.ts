import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { gitSpaceRepos } from '../shared/adapters/git/space-repos.ts'
import { outboundGuard } from '../shared/adapters/net/outbound-guard.ts'

const author = { name: 'Bench', email: 'bench@example.com' }

/**
 * The check of every repository at start, for `spaces` spaces of `commits` one-page commits each:
 * the first start after an upgrade reads everything once; later starts read only what changed
 * since the last check (here: one new commit per space).
 */
export async function benchRepoCheck(spaces: number, commits: number): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'quire-bench-check-'))
  const guard = outboundGuard({ allowPrivateNetwork: false })
  const encoder = new TextEncoder()
  try {
    const repos = gitSpaceRepos(root, { guard })
    const write = async (id: number, n: number) => {
      const repo = repos.open(id, 'main')
      await repo.commit({
        parent: await repo.head(),
        changes: [{ path: `content/page-${n}.md`, content: encoder.encode(`# Page ${n}\n\nText ${id}.\n`) }],
        author,
        message: `Page ${n}`,
      })
      await repo.settle()
    }
    for (let id = 1; id <= spaces; id++) {
      await repos.create(id, { repoUrl: '', branch: 'main', author, message: 'Create' })
      for (let n = 0; n < commits; n++) await write(id, n)
    }
    const checkAll = async () => {
      const fresh = gitSpaceRepos(root, { guard })
      const started = performance.now()
      for (let id = 1; id <= spaces; id++) await fresh.check(id, 'main')
      return performance.now() - started
    }
    const first = await checkAll()
    const unchanged = await checkAll()
    for (let id = 1; id <= spaces; id++) await write(id, commits)
    const oneMore = await checkAll()
    const label = `[${spaces} spaces × ${commits} commits]`
    console.log(
      `Repository check at start, first after upgrade ${label}`.padEnd(60),
      `${first.toFixed(0)} ms`,
    )
    console.log(`Repository check at start, nothing new ${label}`.padEnd(60), `${unchanged.toFixed(0)} ms`)
    console.log(`Repository check at start, one commit each ${label}`.padEnd(60), `${oneMore.toFixed(0)} ms`)
  } finally {
    await rm(root, { recursive: true, force: true })
  }
}

/**
 * The first check of one space whose objects are packed, as a pushed or cloned repository's are:
 * `pages` pages in one commit, then `commits` more commits, all in one pack.
 */
export async function benchRepoCheckPacked(pages: number, commits: number): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'quire-bench-check-packed-'))
  const guard = outboundGuard({ allowPrivateNetwork: false })
  const encoder = new TextEncoder()
  try {
    const repos = gitSpaceRepos(root, { guard })
    await repos.create(1, { repoUrl: '', branch: 'main', author, message: 'Create' })
    const repo = repos.open(1, 'main')
    await repo.commit({
      parent: await repo.head(),
      changes: Array.from({ length: pages }, (_, n) => ({
        path: `content/folder-${n % 50}/page-${n}.md`,
        content: encoder.encode(`# Page ${n}\n\n${'Words of the page. '.repeat(20)}${n}\n`),
      })),
      author,
      message: 'Import',
    })
    for (let n = 0; n < commits; n++)
      await repo.commit({
        parent: await repo.head(),
        changes: [
          { path: `content/folder-0/page-${n}.md`, content: encoder.encode(`# Page ${n}\n\nEdit ${n}.\n`) },
        ],
        author,
        message: `Edit ${n}`,
      })
    await repo.settle()
    const dir = join(root, '1.git')
    await promisify(execFile)('git', ['-C', dir, 'repack', '-adq'])
    await rm(join(dir, 'quire-verified'), { force: true })
    const started = performance.now()
    await gitSpaceRepos(root, { guard }).check(1, 'main')
    const label = `[${pages} pages + ${commits} commits, packed]`
    console.log(
      `Repository check at start, first ${label}`.padEnd(60),
      `${(performance.now() - started).toFixed(0)} ms`,
    )
  } finally {
    await rm(root, { recursive: true, force: true })
  }
}
