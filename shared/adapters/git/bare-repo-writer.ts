import { type FileChange, PathClashError, type RepoWriter } from '../../ports/repo.ts'
import type { BareRepoState } from './bare-repo-state.ts'
import { stageObject } from './loose-objects.ts'
import { stageCommit, treeWith } from './replay.ts'
import { findClash, type Pending, treeOf } from './trees.ts'

/** A change as a tree update sees it, for a dry run: the content's blob id does not matter there. */
function pendingOf(change: FileChange): Pending {
  return { parts: change.path.split('/'), blob: change.content === null ? null : 'content' }
}

/**
 * The writes of a bare repository: a commit is staged in memory and answered at once, its objects
 * and branch ref reaching the disk in the background until `settle`.
 */
export function bareRepoWriter(state: BareRepoState): RepoWriter {
  const { gitdir, g, head, localRef, setRef } = state
  return {
    settle: () => state.settle(),
    clash: async (changes) => {
      const tip = await head()
      return findClash(g, tip ? await treeOf(g, tip) : undefined, changes.map(pendingOf))
    },
    commit: async ({ parent, changes, author, message, at }) => {
      const tip = await head()
      if (tip !== parent)
        throw new Error(`branch moved: expected ${parent ?? 'none'}, found ${tip ?? 'none'}`)
      const before = tip ? await treeOf(g, tip) : undefined
      // Refused before any object is written: a refused commit leaves no write behind it.
      const clash = await findClash(g, before, changes.map(pendingOf))
      if (clash) throw new PathClashError(clash)
      const pending = await Promise.all(
        changes.map(async (change: FileChange) => ({
          parts: change.path.split('/'),
          blob:
            change.content === null ? null : stageObject(gitdir, 'blob', change.content, g.pending, g.recent),
        })),
      )
      const tree = await treeWith(g, before, pending)
      // Nothing changed, but the blobs were staged: they finish before the answer, so no write of
      // this call is still running once it returns (the next commit flushes their folders).
      if (tree === before) {
        await Promise.allSettled(g.pending.writes)
        return undefined
      }
      const when = at === undefined ? undefined : { timestamp: Math.floor(at / 1000), timezoneOffset: 0 }
      const oid = stageCommit(g, tip, tree, author, message, when)
      const [subject = ''] = message.split('\n')
      state.moveBranchBehind(oid, tip, `commit: ${subject}`)
      return oid
    },
    advance: async (from, to, reason) => {
      const tip = await head()
      if (tip !== from) throw new Error(`branch moved: expected ${from ?? 'none'}, found ${tip ?? 'none'}`)
      if (to !== tip) await setRef(localRef, to, reason)
    },
  }
}
