import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isolatedGitEnv, runGit } from '../shared/testing/git-cli.ts'
import { remoteBenchSpace } from './git-writes.ts'
import { BENCH_TOKEN } from './setup.ts'
import { report, summarize, time } from './stats.ts'

const CLONES = 5

/**
 * Cloning an N-page space from the server's Git endpoint (smart HTTP, token auth) beside `git clone`
 * of the same repository straight from its folder (`file://`: the same pack negotiation with no HTTP
 * and no server around it). Prints both figures and their ratio; the target is at most 1.2.
 */
export async function benchGitClone(count: number): Promise<void> {
  const { server, remote } = await remoteBenchSpace(count)
  const work = await mkdtemp(join(tmpdir(), 'quire-bench-clone-'))
  try {
    const env = isolatedGitEnv(work)
    const space = await server.deps.store
      .forOrg((await server.deps.store.organizations.bySlug('bench'))?.id ?? 0)
      .spaces.bySlug('wiki')
    if (!space) throw new Error('no bench space')
    const folder = server.deps.repos.folder(space.id)
    const hosted = `${server.url.replace('//', `//admin:${BENCH_TOKEN}@`)}/git/bench/wiki.git`
    let n = 0
    const cloneFrom = async (source: string) => {
      const dir = join(work, `clone-${n++}`)
      await runGit(work, ['clone', '--quiet', source, dir], env)
      await rm(dir, { recursive: true, force: true })
    }
    // Indexing the pages (embeddings included) would take the CPU from whichever clone runs first.
    await server.deps.indexQueue.idle()
    const label = `[${count} pages]`
    // Taken in turns, so a change in the machine's load weighs on both alike; the first pair warms up.
    await cloneFrom(`file://${folder}`)
    await cloneFrom(hosted)
    const plain: number[] = []
    const served: number[] = []
    for (let i = 0; i < CLONES; i++) {
      plain.push(...(await time(1, () => cloneFrom(`file://${folder}`), 0)))
      served.push(...(await time(1, () => cloneFrom(hosted), 0)))
    }
    report(`git clone file:// of the space's repository       ${label}`, plain)
    report(`git clone from the server's Git endpoint (HTTP)    ${label}`, served)
    const ratio = summarize(served).median / summarize(plain).median
    console.log(`clone from the server / plain git clone: ${ratio.toFixed(2)}x (target <= 1.2x)`)
  } finally {
    await rm(work, { recursive: true, force: true })
    await server.close()
    await remote.stop()
  }
}
