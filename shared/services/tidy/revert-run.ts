import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import type { FileChange } from '../../ports/repo.ts'
import { type AccessSpaceDeps, accessSpace } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import { authorOf, commitMessage } from '../content/commit-identity.ts'
import { type PublishLockedDeps, publishLocked, refuseClash } from '../content/commit-in-space.ts'
import type { SpaceRef } from '../content/content-files.ts'
import { type FireEventDeps, fireEvent } from '../webhooks/fire-event.ts'
import {
  type AnnouncePagesDeps,
  announcePages,
  contentPaths,
  type HasListenersDeps,
  hasListeners,
  shiftsOfChanges,
  sourceOf,
} from '../webhooks/page-events.ts'

export type RevertRunDeps = AccessSpaceDeps &
  HasListenersDeps &
  PublishLockedDeps &
  AnnouncePagesDeps &
  FireEventDeps &
  Pick<Deps, 'clock' | 'queue' | 'repos'>

/**
 * Reverts a tidy-up run (space admin) with an inverse commit: every file the run changed goes back
 * to what it was, which puts its notes back in the inbox. Refused (409) when one of those files
 * was edited since, so no later work is overwritten.
 */
export async function revertRun(
  deps: RevertRunDeps,
  actor: Actor,
  ref: SpaceRef,
  runId: string,
): Promise<{ commit: string }> {
  const { org, space, orgStore } = await accessSpace(deps, actor, ref.org, ref.space, 'space.admin')
  const run = await orgStore.space(space.id).tidy.run(runId)
  if (!run) throw new DomainError('not_found')
  if (!run.commit || run.revertedAt !== null) throw new DomainError('run_not_revertible')
  const commit = run.commit
  return deps.queue.run(space.id, async () => {
    const repo = deps.repos.open(space.id, space.branch)
    const [parent] = await repo.parents(commit)
    const changes: FileChange[] = []
    const edited: string[] = []
    for (const path of await repo.changedPaths(parent, commit)) {
      const theirs = (await repo.read(path, commit))?.sha
      if ((await repo.shaOf(path)) !== theirs) edited.push(path)
      const before = parent ? await repo.read(path, parent) : undefined
      changes.push({ path, content: before?.bytes ?? null })
    }
    if (edited.length > 0) throw new DomainError('revert_conflict', { value: edited.slice(0, 5).join(', ') })
    await refuseClash(repo, changes)
    const shifts = (await hasListeners(deps, space.orgId)) ? await shiftsOfChanges(repo, changes) : []
    const revert = await repo.commit({
      parent: await repo.head(),
      changes,
      author: authorOf(actor),
      at: deps.clock.now(),
      message: commitMessage(actor, `Revert tidy-up run ${run.id}`),
    })
    await publishLocked(deps, orgStore, space, repo, revert)
    await orgStore
      .space(space.id)
      .tidy.updateRun(run.id, { revertedAt: deps.clock.now(), revertCommit: revert ?? null })
    const source = sourceOf(actor)
    if (revert) await announcePages(deps, space, shifts, { commit: revert, ...source })
    await fireEvent(deps, space.orgId, 'tidy.reverted', {
      organization: org.slug,
      space: space.slug,
      paths: contentPaths(changes.map((c) => c.path)),
      commit: revert ?? null,
      ...source,
      run: run.id,
    })
    return { commit: revert ?? '' }
  })
}
