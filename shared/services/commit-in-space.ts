import type { FileChange, Repo } from '../ports/repo.ts'
import type { OrgStore, Space } from '../ports/store.ts'
import type { SpaceAccess } from './access.ts'
import type { Deps } from './deps.ts'
import { requestIndex } from './index-space.ts'
import { syncLocked } from './sync-space.ts'

export type CommitPlan<T> = {
  changes: FileChange[]
  message: string
  author: { name: string; email: string }
  result: T
}

export type Committed<T> = { commit: string | null; pushed: boolean; result: T }

/**
 * Makes one commit in a space, in its queue: the plan is built against the current tip (so its
 * checks see what the commit will replace), then the commit is pushed at once. A push that fails
 * keeps the commit; the Git state shows it and a retry is scheduled.
 */
export function commitInSpace<T>(
  deps: Deps,
  access: SpaceAccess,
  plan: (repo: Repo) => Promise<CommitPlan<T>>,
): Promise<Committed<T>> {
  const { space, orgStore } = access
  return deps.queue.run(space.id, async () => {
    const repo = deps.repos.open(space.id, space.branch)
    // A space with a remote starts from the remote's content: sync first if that never happened.
    if (space.repoUrl !== '' && !orgStore.gitState(space.id).synced) await syncLocked(deps, orgStore, space)
    const head = await repo.head()
    const { changes, message, author, result } = await plan(repo)
    const commit =
      (await repo.commit({ parent: head, changes, author, message, at: deps.clock.now() })) ?? null
    const pushed = await publishLocked(deps, orgStore, space, repo, commit)
    return { commit, pushed, result }
  })
}

/**
 * Publishes a commit just made in the space's queue (none when `commit` is null or undefined): pushes
 * it at once, waits until its files are on disk (they are written while the push is in flight), then
 * lets the indexes follow. A push that fails keeps the commit; the Git state shows it and a retry is
 * scheduled. Resolves with whether the remote took it.
 */
export async function publishLocked(
  deps: Deps,
  orgStore: OrgStore,
  space: Space,
  repo: Repo,
  commit: string | null | undefined,
): Promise<boolean> {
  // The credentials are unsealed once, by the sync; whether there is a remote is the address.
  const pushed =
    commit && space.repoUrl !== ''
      ? (await syncLocked(deps, orgStore, space, { fetch: false })).status === 'ok'
      : false
  await repo.settle()
  if (commit) void requestIndex(deps, space)
  return pushed
}
