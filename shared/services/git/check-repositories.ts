import type { Deps } from '../../ports/deps.ts'
import type { RepoCheck } from '../../ports/space-repos.ts'
import type { Space } from '../../ports/store.ts'
import { everySpace } from '../spaces/every-space.ts'
import { MISSING_FOLDER } from './git-state.ts'
import { SERVICE_AUTHOR } from './sync-space.ts'

/** Repositories checked at once at start (the work is file reads; a few in parallel keep the disk busy). */
const PARALLEL_CHECKS = 8

export type SpaceCheck = { space: Space; check: RepoCheck }

export type CheckRepositoriesDeps = ReplaceMissingDeps &
  MarkStateDeps &
  Pick<Deps, 'queue' | 'repos' | 'store'>

/**
 * Checks every space's repository before the service takes requests, repairing what a crash may
 * have left. A space left damaged is marked in its Git state so `GET git` shows it; change reports
 * that started from a commit lost with a damaged branch start from its restored tip.
 */
export async function checkRepositories(deps: CheckRepositoriesDeps): Promise<SpaceCheck[]> {
  const spaces = await everySpace(deps)
  const results: SpaceCheck[] = []
  let next = 0
  const worker = async () => {
    for (let i = next++; i < spaces.length; i = next++) {
      const space = spaces[i] as Space
      // In the space's queue: another instance sharing the repositories may be writing it now.
      await deps.queue.run(space.id, async () => {
        const check = await deps.repos.check(space.id, space.branch)
        if (check.status === 'missing') results.push({ space, check: await replaceMissing(deps, space) })
        else results.push({ space, check })
        if (check.status === 'repaired' || check.status === 'damaged') await markState(deps, space, check)
      })
    }
  }
  await Promise.all(Array.from({ length: PARALLEL_CHECKS }, worker))
  return results
}

type ReplaceMissingDeps = Pick<Deps, 'clock' | 'repos' | 'store'>

/**
 * A space whose repository folder is gone: with a remote, an empty clone is prepared and the space
 * marked as never synced, so the next sync brings everything back ('recreated'); without one, its
 * pages are gone with the folder, and its Git state says so.
 */
async function replaceMissing(deps: ReplaceMissingDeps, space: Space): Promise<RepoCheck> {
  const orgStore = deps.store.forOrg(space.orgId)
  if (!space.repoUrl) {
    await orgStore.space(space.id).git.update({
      lastError: MISSING_FOLDER,
      lastErrorCode: 'other',
      lastErrorAt: deps.clock.now(),
    })
    return { status: 'missing' }
  }
  await deps.repos.create(space.id, {
    repoUrl: space.repoUrl,
    branch: space.branch,
    author: SERVICE_AUTHOR,
    message: '',
  })
  await orgStore.space(space.id).git.update({ synced: false, retryAt: deps.clock.now() })
  return { status: 'recreated' }
}

type MarkStateDeps = Pick<Deps, 'clock' | 'repos' | 'store'>

async function markState(deps: MarkStateDeps, space: Space, check: RepoCheck): Promise<void> {
  const orgStore = deps.store.forOrg(space.orgId)
  const now = deps.clock.now()
  if (check.status === 'damaged') {
    await orgStore.space(space.id).git.update({
      lastError:
        'The repository is damaged and no intact state was found: restore it from a backup or its remote.',
      lastErrorCode: 'other',
      lastErrorAt: now,
    })
    return
  }
  if (check.status !== 'repaired') return
  const base = (await orgStore.space(space.id).git.get()).changeBase
  const repo = deps.repos.open(space.id, space.branch)
  if (base && !(await repo.commitInfo(base)))
    await orgStore.space(space.id).git.update({ changeBase: check.head })
}
