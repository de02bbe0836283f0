/** Stable error codes and the HTTP status each one maps to at the edge. */
export const ERROR_STATUS = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  secret_detected: 422,
  too_many_requests: 429,
  unavailable: 503,
  internal: 500,
} as const

export type ErrorCode = keyof typeof ERROR_STATUS

/** One reason of the catalog: the code clients rely on, and its message in each language. */
export type CatalogEntry = { code: ErrorCode; en: string; fr: string }
