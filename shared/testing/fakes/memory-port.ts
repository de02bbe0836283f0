import type { Sync } from '../../ports/sync.ts'

/**
 * Turns a fake written with synchronous methods into its async port, as the SQLite adapter's
 * `guarded` does. Arguments and answers are copied, so a caller changing what it passed or got
 * back changes nothing stored, as with a database; other properties pass through.
 */
export function memoryPort<Port extends object>(target: Sync<Port>): Port {
  const wrapped = {} as Record<string, unknown>
  for (const [name, value] of Object.entries(target)) {
    wrapped[name] =
      typeof value === 'function'
        ? async (...args: unknown[]) => structuredClone(await value(...structuredClone(args)))
        : value
  }
  return wrapped as Port
}
