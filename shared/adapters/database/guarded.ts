import { DomainError } from '../../errors/domain-error.ts'
import type { Sync } from '../../ports/sync.ts'

/**
 * Makes the wrapper that turns a store into its async port, reporting the errors `isUnavailable` picks
 * (a database that cannot answer now) as `unavailable` (503 with Retry-After), never as a crash. Methods
 * may answer at once or with a Promise; other properties pass through.
 */
export function guardedBy(isUnavailable: (error: unknown) => boolean) {
  return <Port extends object>(target: Sync<Port>): Port => {
    const wrapped = {} as Record<string, unknown>
    for (const [name, value] of Object.entries(target)) {
      wrapped[name] =
        typeof value === 'function'
          ? async (...args: unknown[]) => {
              try {
                return await value(...args)
              } catch (error) {
                // The database's own words go with it: the logs say why (refused, timed out, full).
                if (isUnavailable(error)) throw new DomainError('unavailable', {}, 1, { cause: error })
                throw error
              }
            }
          : value
    }
    return wrapped as Port
  }
}
