import type { Row } from './row.ts'

/** Placeholder: the rows land with their routes. */
export const SSO_ROWS: Row<unknown>[] = []
