import { type SyncErrorCode, syncErrorCode } from '../../domain/sync-errors.ts'
import { DomainError } from '../../errors/domain-error.ts'
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
  /** What kind of failure `lastError` is (see SyncErrorCode); null when there is none. */
  lastErrorCode: SyncErrorCode | null
  lastErrorAt: number | null
  nextRetryAt: number | null
  ahead: number
  behind: number
  conflicts: StoredConflict[]
  hasCredentials: boolean
  credentialsKind: 'https' | 'ssh' | null
  hasWebhookSecret: boolean
}

export type GitStateDeps = AccessSpaceDeps & Pick<Deps, 'clock' | 'repos'>

/** What the Git state says of a repository folder gone while the service runs. */
export const MISSING_FOLDER = 'The repository folder is missing: restore it from a backup.'

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
  // A repository folder gone while the service runs: the state says so, rather than failing.
  let missing = false
  const orMissing = async <T>(read: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await read()
    } catch (error) {
      if (!(error instanceof DomainError) || error.reason !== 'repository_missing') throw error
      missing = true
      return fallback
    }
  }
  const { ahead, behind } = space.repoUrl
    ? await orMissing(() => repo.aheadBehind(), { ahead: 0, behind: 0 })
    : { ahead: 0, behind: 0 }
  const head = (await orMissing(() => repo.head(), undefined)) ?? null
  const lastError = missing ? (state.lastError ?? MISSING_FOLDER) : state.lastError
  const lastErrorCode = missing && !state.lastError ? 'other' : syncErrorCode(state)
  const status = missing
    ? 'error'
    : !space.repoUrl
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
    head,
    lastSyncAt: state.lastSyncAt,
    lastError,
    lastErrorCode,
    lastErrorAt: missing ? (state.lastErrorAt ?? deps.clock.now()) : state.lastErrorAt,
    nextRetryAt: state.retryAt,
    ahead,
    behind,
    conflicts,
    hasCredentials: state.credentials !== null,
    credentialsKind: state.credentialsKind,
    hasWebhookSecret: state.webhookSecret !== null,
  }
}
