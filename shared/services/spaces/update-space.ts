import { withLowerScheme } from '../../domain/git-address.ts'
import type { Deps } from '../../ports/deps.ts'
import type { SpaceChanges } from '../../ports/store.ts'
import { type AccessSpaceDeps, accessSpace } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import { checkBranch, checkRepoUrl, checkReviewEvery } from './internal/space-rules.ts'
import type { SpaceView } from './list-spaces.ts'

export type UpdateSpaceInput = {
  name?: string
  description?: string
  repoUrl?: string
  branch?: string
  reviewEvery?: string
}

export type UpdateSpaceDeps = AccessSpaceDeps & Pick<Deps, 'repos'>

/** Changes a space's settings (organization admin); absent fields stay as they are. */
export async function updateSpace(
  deps: UpdateSpaceDeps,
  actor: Actor,
  orgSlug: string,
  spaceSlug: string,
  input: UpdateSpaceInput,
): Promise<SpaceView> {
  const { space, org, orgStore, spaceRole } = await accessSpace(
    deps,
    actor,
    orgSlug,
    spaceSlug,
    'space.admin',
  )
  const changes: SpaceChanges = {}
  if (input.name !== undefined) changes.name = input.name.trim()
  if (input.description !== undefined) changes.description = input.description.trim()
  if (input.repoUrl !== undefined) changes.repoUrl = checkRepoUrl(input.repoUrl)
  if (input.branch !== undefined) changes.branch = checkBranch(input.branch)
  if (input.reviewEvery !== undefined) changes.reviewEvery = checkReviewEvery(input.reviewEvery)
  // An address stored with its scheme in capitals (before schemes were kept in lower case) is the
  // same remote spelled anew: its credentials stay.
  const movesAddress = changes.repoUrl !== undefined && changes.repoUrl !== withLowerScheme(space.repoUrl)
  const movesRemote = movesAddress || (changes.branch !== undefined && changes.branch !== space.branch)
  if (movesRemote) {
    await deps.repos.setRemote(space.id, changes.repoUrl ?? space.repoUrl, changes.branch ?? space.branch)
    // Credentials belong to the old remote (SPEC: changing repo_url removes them); the new one starts unsynced.
    const reset = {
      synced: false,
      lastError: null,
      lastErrorCode: null,
      lastErrorAt: null,
      attempts: 0,
      retryAt: null,
    }
    await orgStore
      .space(space.id)
      .git.update(movesAddress ? { ...reset, credentials: null, credentialsKind: null } : reset)
  } else if (changes.repoUrl !== undefined && changes.repoUrl !== space.repoUrl)
    await deps.repos.setRemote(space.id, changes.repoUrl, space.branch)
  const updated = Object.keys(changes).length ? await orgStore.spaces.update(space.id, changes) : space
  return { space: updated, organization: org, role: spaceRole }
}
