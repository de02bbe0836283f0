import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describeSpaceReposContract } from '../../testing/contracts/space-repos.contract.ts'
import { outboundGuard } from '../net/outbound-guard.ts'
import { gitSpaceRepos } from './space-repos.ts'

// The suite never reaches a remote: the guard is never asked.
const guard = outboundGuard({ allowPrivateNetwork: false })

describeSpaceReposContract('Git bare repositories', async () => {
  const root = await mkdtemp(join(tmpdir(), 'quire-repos-contract-'))
  return {
    repos: gitSpaceRepos(root, { guard }),
    close: () => rm(root, { recursive: true, force: true }),
  }
})
