import { type ErrorCode, MESSAGES, type Reason } from './catalog.ts'

/** An error a service reports to its caller: a catalogued reason, never an HTTP status. */
export class DomainError extends Error {
  readonly reason: Reason
  readonly code: ErrorCode
  readonly params: Record<string, string | number>
  /** Seconds after which the caller may try again (rate limits, unavailability). */
  readonly retryAfter: number | undefined

  /** `cause`: the error behind it (a database's), kept for the logs; the caller sees the reason only. */
  constructor(
    reason: Reason,
    params: Record<string, string | number> = {},
    retryAfter?: number,
    options?: { cause?: unknown },
  ) {
    super(`${reason}`, options)
    this.name = 'DomainError'
    this.reason = reason
    this.code = MESSAGES[reason].code
    this.params = params
    this.retryAfter = retryAfter
  }
}

/** Whether a value is a DomainError (also across module copies). */
export function isDomainError(value: unknown): value is DomainError {
  return value instanceof DomainError
}
