import type { Deps } from '../../ports/deps.ts'
import { type AccessSpaceDeps, accessSpace } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import type { SpaceRef } from '../content/content-files.ts'
import { type SyncSpaceDeps, syncSpace } from './sync-space.ts'

/** A space's repository as a Git client reaches it: where it is, and its branch with the tip. */
export type GitTarget = { spaceId: number; folder: string; branch: string; head: string | undefined }

export type GitTargetDeps = AccessSpaceDeps & SyncSpaceDeps & Pick<Deps, 'repos'>

/**
 * The repository a Git client may clone or fetch (`read`, readers) or push to (`push`,
 * contributors): 404 when the caller cannot see the space, 403 when it may not push (a reader, a
 * read-only token). Checked before a request's body is read, so a refused client uploads nothing.
 * A space with a remote that was never synced is synced first.
 */
export async function gitTarget(
  deps: GitTargetDeps,
  actor: Actor,
  ref: SpaceRef,
  intent: 'read' | 'push',
): Promise<GitTarget> {
  const { space, orgStore } = await accessSpace(
    deps,
    actor,
    ref.org,
    ref.space,
    intent === 'push' ? 'space.write' : 'space.read',
  )
  // A space with a remote is served with the remote's content, as the API shows it after a first sync.
  if (space.repoUrl !== '' && !(await orgStore.space(space.id).git.get()).synced)
    await syncSpace(deps, orgStore, space)
  const head = intent === 'push' ? await deps.repos.open(space.id, space.branch).head() : undefined
  return { spaceId: space.id, folder: deps.repos.folder(space.id), branch: space.branch, head }
}
