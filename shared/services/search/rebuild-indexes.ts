import type { Deps } from '../../ports/deps.ts'
import type { Space } from '../../ports/store.ts'
import { type IndexReport, type IndexSpaceDeps, indexSpace } from './index-space.ts'

export type DropIndexesDeps = Pick<Deps, 'forgetVectors' | 'store' | 'textIndex'>

/** Drops a space's indexes so the next indexing starts from nothing. */
export async function dropIndexes(deps: DropIndexesDeps, space: Space): Promise<void> {
  await deps.textIndex.forSpace(space.id).clear()
  await deps.store.index.forSpace(space.id).clear()
  await deps.forgetVectors(space.id)
  await deps.store.index.forSpace(space.id).setState({ commit: null, embedderId: null, vectorsCommit: null })
}

export type RebuildIndexesDeps = DropIndexesDeps & IndexSpaceDeps & Pick<Deps, 'indexQueue' | 'store'>

/** Rebuilds every space's indexes from its repository; returns how many spaces were done. */
export async function rebuildIndexes(
  deps: RebuildIndexesDeps,
  onSpace?: (space: Space, report: IndexReport) => void,
): Promise<number> {
  let count = 0
  for (const org of await deps.store.organizations.list()) {
    for (const space of await deps.store.forOrg(org.id).spaces.list()) {
      await deps.indexQueue.run(space.id, async () => {
        await dropIndexes(deps, space)
        const report = await indexSpace(deps, space)
        onSpace?.(space, report)
      })
      count++
    }
  }
  return count
}

export type CatchUpIndexesDeps = IndexSpaceDeps & Pick<Deps, 'indexQueue' | 'store'>

/** Brings every space's indexes up to date after a start (only what changed since they were built). */
export async function catchUpIndexes(deps: CatchUpIndexesDeps): Promise<void> {
  for (const org of await deps.store.organizations.list()) {
    for (const space of await deps.store.forOrg(org.id).spaces.list()) {
      await deps.indexQueue.run(space.id, () => indexSpace(deps, space))
    }
  }
}
