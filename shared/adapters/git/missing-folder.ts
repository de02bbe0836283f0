import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import { DomainError } from '../../errors/domain-error.ts'
import type { Repo } from '../../ports/repo.ts'

/** Seconds a caller waits before trying again: the folder comes back with a restore or a restart. */
const RETRY_AFTER_S = 30

/** A repository call that failed because the repository's folder is gone. */
export class MissingRepoError extends DomainError {
  constructor(cause?: unknown) {
    super('repository_missing', {}, RETRY_AFTER_S)
    // Read as it is in a space's Git state (`last_error`), where a sync's failure is shown.
    this.message =
      'The repository folder is missing: restore it from a backup (with a remote, the next start fetches it again).'
    this.cause = cause
  }
}

/**
 * Whether a repository's folder is gone (ENOENT), rather than unreadable for another reason. Its
 * `HEAD` is looked for, not the folder: a failed write may already have made some of its folders again.
 */
export async function isGone(gitdir: string): Promise<boolean> {
  try {
    await stat(join(gitdir, 'HEAD'))
    return false
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT'
  }
}

/**
 * The repository at `gitdir`, a call that fails once its folder has been removed while the service
 * runs reported as `repository_missing` (unavailable, with Retry-After) on every way in (REST, MCP,
 * sync), rather than as a crash. Only failures look at the disk: calls that succeed cost nothing more.
 */
export function reportingMissingFolder(repo: Repo, gitdir: string): Repo {
  const wrapped: Record<string, unknown> = {}
  for (const [name, method] of Object.entries(repo) as [string, (...args: unknown[]) => Promise<unknown>][]) {
    wrapped[name] = async (...args: unknown[]) => {
      try {
        return await method(...args)
      } catch (error) {
        if (!(error instanceof DomainError) && (await isGone(gitdir))) throw new MissingRepoError(error)
        throw error
      }
    }
  }
  return wrapped as unknown as Repo
}
