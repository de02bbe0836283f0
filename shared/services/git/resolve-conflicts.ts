import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import type { StoredConflict } from '../../ports/git-state.ts'
import type { FileChange } from '../../ports/repo.ts'
import { type AccessSpaceDeps, accessSpace } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import { authorOf, commitMessage } from '../content/commit-identity.ts'
import { type PublishLockedDeps, publishLocked, refuseClash } from '../content/commit-in-space.ts'
import type { SpaceRef } from '../content/content-files.ts'

export type ResolveConflictsDeps = AccessSpaceDeps &
  PublishLockedDeps &
  Pick<Deps, 'clock' | 'queue' | 'repos'>

/**
 * Settles conflicts path by path (organization admin): `remote` keeps the remote version, already
 * in the branch; `local` puts our version back in a commit that is pushed. Unknown paths are 400;
 * `local` for a path whose remote version changed since it was listed is 409, nothing resolved, and
 * the listing shows the remote's version of now.
 */
export async function resolveConflicts(
  deps: ResolveConflictsDeps,
  actor: Actor,
  ref: SpaceRef,
  choices: Record<string, 'local' | 'remote'>,
): Promise<void> {
  const { space, orgStore } = await accessSpace(deps, actor, ref.org, ref.space, 'space.admin')
  await deps.queue.run(space.id, async () => {
    // Read in the queue: a sync before this may have listed a path afresh, with a newer version of ours.
    const known = new Map((await orgStore.space(space.id).git.conflicts()).map((c) => [c.path, c]))
    for (const path of Object.keys(choices))
      if (!known.has(path)) throw new DomainError('not_in_conflict', { value: path })
    const repo = deps.repos.open(space.id, space.branch)
    const changes: FileChange[] = []
    const movedOn: StoredConflict[] = []
    for (const [path, choice] of Object.entries(choices)) {
      const conflict = known.get(path)
      if (choice !== 'local' || !conflict) continue
      const current = (await repo.shaOf(path)) ?? null
      if (current === conflict.localSha) continue
      // The remote's side changed since the conflict was listed (a later sync brought it): keeping
      // ours would replace what nobody was shown.
      if (current !== conflict.remoteSha) {
        movedOn.push({ ...conflict, remoteSha: current })
        continue
      }
      const bytes = conflict.localSha ? await repo.readBlob(conflict.localSha) : null
      if (bytes === undefined) throw new Error(`our version of ${path} (${conflict.localSha}) is missing`)
      changes.push({ path, content: bytes })
    }
    if (movedOn.length > 0) {
      // Listed with the remote's version of now, for the next look.
      await orgStore.space(space.id).git.addConflicts(movedOn)
      throw new DomainError('conflict_moved_on', { value: movedOn.map((c) => c.path).join(', ') })
    }
    await refuseClash(repo, changes)
    const paths = changes.map((c) => c.path).join(', ')
    const commit =
      changes.length > 0
        ? await repo.commit({
            parent: await repo.head(),
            changes,
            author: authorOf(actor),
            message: commitMessage(actor, `Resolve conflict: keep our version of ${paths}`),
            at: deps.clock.now(),
          })
        : undefined
    // Removed before the push, so a conflict the push finds afresh is kept.
    await orgStore.space(space.id).git.removeConflicts(Object.keys(choices))
    await publishLocked(deps, orgStore, space, repo, commit)
  })
}
