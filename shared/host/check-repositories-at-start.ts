import { StartRefused } from '../errors/start-refused.ts'
import type { Deps } from '../ports/deps.ts'
import type { Logger } from '../ports/logger.ts'
import { checkRepositories } from '../services/git/check-repositories.ts'

/**
 * Checks every space's repository before the host serves, and tells the operator what was repaired
 * or found damaged and what they must do about it. Repositories no space of the database claims are
 * told too; when the database is new (not even an account: no server ever started on it) while
 * repositories are kept, the start is refused: it is not this folder's database (a restore half
 * done, another database address), and the spaces about to be created would take their places. A
 * database in use with a leftover folder (a space whose creation failed, or whose deletion was cut
 * short) only has it named.
 */
export async function checkRepositoriesAtStart(deps: Deps, logger: Logger): Promise<void> {
  const started = Date.now()
  const checks = await checkRepositories(deps)
  for (const { space, check } of checks) {
    if (check.status === 'repaired')
      logger.error(
        { space: space.id, head: check.head, damagedHead: check.damagedHead, source: check.source },
        'repository repaired: its branch was damaged and was restored to its newest intact commit',
      )
    else if (check.status === 'damaged')
      logger.error(
        { space: space.id, damagedHead: check.damagedHead },
        'repository damaged: no intact state found; restore it from a backup or its remote',
      )
    else if (check.status === 'missing')
      logger.error({ space: space.id }, 'repository missing: restore it from a backup')
    else if (check.status === 'recreated')
      logger.error(
        { space: space.id },
        'repository missing: prepared again, the next sync fetches it from its remote',
      )
    else if (check.removed > 0)
      logger.info({ space: space.id, removed: check.removed }, 'removed leftovers of interrupted writes')
  }
  const claimed = new Set(checks.map(({ space }) => space.id))
  const strays = (await deps.repos.present()).filter((id) => !claimed.has(id)).sort((a, b) => a - b)
  if (strays.length > 0 && checks.length === 0 && (await deps.store.accounts.count()) === 0)
    throw new StartRefused(
      `the data folder keeps ${strays.length} space repositories (${strays
        .slice(0, 3)
        .map((id) => `repos/${id}.git`)
        .join(
          ', ',
        )}${strays.length > 3 ? ', …' : ''}) but the database is new: it is not this folder's database. Check SERVICE_DATABASE_URL, or restore the database first; to start empty, move the repos folder away`,
    )
  for (const id of strays)
    logger.warn(
      { repository: `repos/${id}.git` },
      'repository of no space in the database: kept; a space created with this id sets it aside',
    )
  logger.info({ spaces: checks.length, ms: Date.now() - started }, 'repositories checked')
}
