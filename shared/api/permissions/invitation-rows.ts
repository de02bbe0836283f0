import type { Row } from './row.ts'

/** Placeholder: the rows land with their routes. */
export const INVITATION_ROWS: Row<unknown>[] = []
