import type { Deps } from '../../ports/deps.ts'
import type { Space } from '../../ports/store.ts'
import { everySpace } from '../spaces/every-space.ts'
import { type IndexReport, type IndexSpaceDeps, indexSpace } from './index-space.ts'

export type RebuildIndexesDeps = IndexSpaceDeps & Pick<Deps, 'indexQueue' | 'store'>

/**
 * Rebuilds every space's indexes from its repository; returns how many spaces were done. Nothing is
 * emptied first: each file is read again and replaced where it stands, what the indexes hold of files
 * no longer there goes, and every file's vectors are computed again in the background, so searches
 * meanwhile answer from what the indexes held.
 */
export async function rebuildIndexes(
  deps: RebuildIndexesDeps,
  onSpace?: (space: Space, report: IndexReport) => void,
): Promise<number> {
  const spaces = await everySpace(deps)
  for (const space of spaces) {
    await deps.indexQueue.run(space.id, async () => {
      const index = deps.store.index.forSpace(space.id)
      // Every file waits for its vectors again, and the next fill forgets those of files gone.
      await index.forgetEmbedded()
      await index.setState({ vectorsCommit: null })
      const report = await indexSpace(deps, space, { everyFile: true })
      onSpace?.(space, report)
    })
  }
  return spaces.length
}

export type CatchUpIndexesDeps = IndexSpaceDeps & Pick<Deps, 'indexQueue' | 'store'>

/** Brings every space's indexes up to date after a start (only what changed since they were built). */
export async function catchUpIndexes(deps: CatchUpIndexesDeps): Promise<void> {
  for (const space of await everySpace(deps)) {
    await deps.indexQueue.run(space.id, () => indexSpace(deps, space))
  }
}
