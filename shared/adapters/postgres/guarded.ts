import { guardedBy } from '../database/guarded.ts'
import { isUnavailable } from './open-database.ts'

/**
 * Reports a PostgreSQL that cannot answer now (unreachable, restarting, full, or a transaction that
 * lost a race) as `unavailable` (503 with Retry-After), never as a crash. Other properties pass through.
 */
export const guarded = guardedBy(isUnavailable)
