import { guardedBy } from '../database/guarded.ts'
import { isBusyError } from './open-database.ts'

/**
 * Turns a synchronous store into its async port, reporting a busy or locked database as
 * `unavailable` (503 with Retry-After), never as a crash. Other properties pass through.
 */
export const guarded = guardedBy(isBusyError)
