import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describeSpaceReposContract } from '../../testing/contracts/space-repos.contract.ts'
import { startGitRemote } from '../../testing/git-remote.ts'
import { outboundGuard } from '../net/outbound-guard.ts'
import { gitSpaceRepos } from './space-repos.ts'

// The remotes are real Git servers on the loopback address, which the guard must let through.
const guard = outboundGuard({ allowPrivateNetwork: true })

describeSpaceReposContract('Git bare repositories', async () => {
  const root = await mkdtemp(join(tmpdir(), 'quire-repos-contract-'))
  let remote: Awaited<ReturnType<typeof startGitRemote>> | undefined
  let made = 0
  return {
    repos: gitSpaceRepos(root, { guard }),
    newRemote: async () => {
      // Started for the tests that exchange with a remote only: the others need no server.
      remote ??= await startGitRemote()
      const name = `wiki-${++made}.git`
      await remote.createRepo(name)
      const token = `${remote.username}:${remote.password}`
      return { url: remote.url(name), branch: 'main', credentials: { kind: 'https', token } }
    },
    close: async () => {
      await remote?.stop()
      await rm(root, { recursive: true, force: true })
    },
  }
})
