import type { Deps } from '../../ports/deps.ts'
import type { StoredConflict } from '../../ports/store.ts'
import { type AccessSpaceDeps, accessSpace } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import type { SpaceRef } from '../content/content-files.ts'

export type GitStateView = {
  status: 'local' | 'pending' | 'ok' | 'ahead' | 'error' | 'conflict'
  repoUrl: string
  branch: string
  head: string | null
  lastSyncAt: number | null
  lastError: string | null
  lastErrorAt: number | null
  nextRetryAt: number | null
  ahead: number
  behind: number
  conflicts: StoredConflict[]
  hasCredentials: boolean
  credentialsKind: 'https' | 'ssh' | null
  hasWebhookSecret: boolean
}

export type GitStateDeps = AccessSpaceDeps & Pick<Deps, 'repos'>

/**
 * The Git state of a space: `local` (the service keeps the repository), `pending` (before the
 * first sync), `ok`, `ahead` (commits not pushed yet), `error` (the last attempt failed; commits
 * are kept and retried) or `conflict`. Credentials are never shown, only whether they are set.
 */
export async function gitState(deps: GitStateDeps, actor: Actor, ref: SpaceRef): Promise<GitStateView> {
  const { space, orgStore } = await accessSpace(deps, actor, ref.org, ref.space, 'space.read')
  const state = await orgStore.space(space.id).git.get()
  const repo = deps.repos.open(space.id, space.branch)
  const conflicts = await orgStore.space(space.id).git.conflicts()
  const { ahead, behind } = space.repoUrl ? await repo.aheadBehind() : { ahead: 0, behind: 0 }
  const status = !space.repoUrl
    ? 'local'
    : !state.synced
      ? 'pending'
      : conflicts.length > 0
        ? 'conflict'
        : state.lastError
          ? 'error'
          : ahead > 0
            ? 'ahead'
            : 'ok'
  return {
    status,
    repoUrl: space.repoUrl,
    branch: space.branch,
    head: (await repo.head()) ?? null,
    lastSyncAt: state.lastSyncAt,
    lastError: state.lastError,
    lastErrorAt: state.lastErrorAt,
    nextRetryAt: state.retryAt,
    ahead,
    behind,
    conflicts,
    hasCredentials: state.credentials !== null,
    credentialsKind: state.credentialsKind,
    hasWebhookSecret: state.webhookSecret !== null,
  }
}
