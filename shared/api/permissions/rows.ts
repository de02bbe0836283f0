import { ACCOUNT_ROWS } from './account-rows.ts'
import { CONTENT_ROWS } from './content-rows.ts'
import { INBOX_ROWS } from './inbox-rows.ts'
import { ORGANIZATION_ROWS } from './organization-rows.ts'
import type { Row } from './row.ts'
import { SPACE_ROWS } from './space-rows.ts'

/** One row per route of the API, in the order they are tried. */
export const ROWS: readonly Row<unknown>[] = [
  ...ACCOUNT_ROWS,
  ...ORGANIZATION_ROWS,
  ...SPACE_ROWS,
  ...CONTENT_ROWS,
  ...INBOX_ROWS,
]
