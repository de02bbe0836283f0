import type { Deps } from '../ports/deps.ts'
import type { Logger } from '../ports/logger.ts'
import { checkRepositories } from '../services/git/check-repositories.ts'

/**
 * Checks every space's repository before the host serves, and tells the operator what was repaired
 * or found damaged and what they must do about it.
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
  logger.info({ spaces: checks.length, ms: Date.now() - started }, 'repositories checked')
}
