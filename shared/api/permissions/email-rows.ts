import type { Row } from './row.ts'

/** Placeholder: the rows land with their routes. */
export const EMAIL_ROWS: Row<unknown>[] = []
