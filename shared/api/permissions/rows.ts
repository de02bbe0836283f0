import { ACCOUNT_ROWS } from './account-rows.ts'
import { CONTENT_ROWS } from './content-rows.ts'
import { EMAIL_ROWS } from './email-rows.ts'
import { INBOX_ROWS } from './inbox-rows.ts'
import { INVITATION_ROWS } from './invitation-rows.ts'
import { ORGANIZATION_ROWS } from './organization-rows.ts'
import { PAGE_ROWS } from './page-rows.ts'
import { PERSONAL_ROWS } from './personal-rows.ts'
import type { Row } from './row.ts'
import { SPACE_ROWS } from './space-rows.ts'
import { SSO_ROWS } from './sso-rows.ts'

/** One row per route of the API, in the order they are tried. */
export const ROWS: readonly Row<unknown>[] = [
  ...ACCOUNT_ROWS,
  ...PERSONAL_ROWS,
  ...PAGE_ROWS,
  ...EMAIL_ROWS,
  ...SSO_ROWS,
  ...ORGANIZATION_ROWS,
  ...INVITATION_ROWS,
  ...SPACE_ROWS,
  ...CONTENT_ROWS,
  ...INBOX_ROWS,
]
