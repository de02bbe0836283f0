import type { Repo } from '../../ports/repo.ts'
import type { OutboundGuard } from '../net/outbound-guard.ts'
import { bareRepoExchange } from './bare-repo-exchange.ts'
import { bareRepoReader } from './bare-repo-reader.ts'
import { bareRepoState } from './bare-repo-state.ts'
import { bareRepoWriter } from './bare-repo-writer.ts'

/**
 * A space's bare repository on one branch, read and written through Git objects (no work tree, no
 * index). Its remotes are reached only where `guard` allows, and their failures come out as
 * RemoteFailure with a message that repeats nothing the remote sent.
 */
export function bareRepo(
  gitdir: string,
  branch: string,
  guard: OutboundGuard,
  { sharedStorage = false }: { sharedStorage?: boolean } = {},
): Repo {
  const state = bareRepoState(gitdir, branch, sharedStorage)
  return { ...bareRepoReader(state), ...bareRepoWriter(state), ...bareRepoExchange(state, guard) }
}
