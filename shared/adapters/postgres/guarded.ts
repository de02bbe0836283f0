import { DomainError } from '../../errors/domain-error.ts'
import { isUnavailable } from './open-database.ts'

/**
 * Reports a PostgreSQL that cannot answer now (unreachable, restarting, full, or a transaction that
 * lost a race) as `unavailable` (503 with Retry-After), never as a crash. Other properties pass through.
 */
export function guarded<Port extends object>(target: Port): Port {
  const wrapped = {} as Record<string, unknown>
  for (const [name, value] of Object.entries(target)) {
    wrapped[name] =
      typeof value === 'function'
        ? async (...args: unknown[]) => {
            try {
              return await value(...args)
            } catch (error) {
              if (isUnavailable(error)) throw new DomainError('unavailable', {}, 1)
              throw error
            }
          }
        : value
  }
  return wrapped as Port
}
