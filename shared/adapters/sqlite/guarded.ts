import { DomainError } from '../../errors/domain-error.ts'
import type { Sync } from '../../ports/sync.ts'
import { isBusyError } from './open-database.ts'

/**
 * Turns a synchronous store into its async port, reporting a busy or locked database as
 * `unavailable` (503 with Retry-After), never as a crash. Other properties pass through.
 */
export function guarded<Port extends object>(target: Sync<Port>): Port {
  const wrapped = {} as Record<string, unknown>
  for (const [name, value] of Object.entries(target)) {
    wrapped[name] =
      typeof value === 'function'
        ? async (...args: unknown[]) => {
            try {
              return await value(...args)
            } catch (error) {
              if (isBusyError(error)) throw new DomainError('unavailable', {}, 1)
              throw error
            }
          }
        : value
  }
  return wrapped as Port
}
