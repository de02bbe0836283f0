/**
 * The error catalog: every error the service reports, with its stable code and its messages. Each
 * capability writes its reasons in its own part under catalog/; they are joined here into one catalog.
 */

import { ACCESS_MESSAGES } from './catalog/access.ts'
import { ACCOUNTS_MESSAGES } from './catalog/accounts.ts'
import { COLLAB_MESSAGES } from './catalog/collab.ts'
import { COMMON_MESSAGES } from './catalog/common.ts'
import { CONTENT_MESSAGES } from './catalog/content.ts'
import { DESKTOP_MESSAGES } from './catalog/desktop.ts'
import type { CatalogEntry } from './catalog/error-status.ts'
import { GIT_MESSAGES } from './catalog/git.ts'
import { INBOX_MESSAGES } from './catalog/inbox.ts'
import { INVITATIONS_MESSAGES } from './catalog/invitations.ts'
import { ORGANIZATIONS_MESSAGES } from './catalog/organizations.ts'
import { PROVIDERS_MESSAGES } from './catalog/providers.ts'
import { QUALITY_MESSAGES } from './catalog/quality.ts'
import { ROUTINES_MESSAGES } from './catalog/routines.ts'
import { SEARCH_MESSAGES } from './catalog/search.ts'
import { SPACES_MESSAGES } from './catalog/spaces.ts'
import { SSO_MESSAGES } from './catalog/sso.ts'
import { TIDY_MESSAGES } from './catalog/tidy.ts'
import { WEBHOOKS_MESSAGES } from './catalog/webhooks.ts'

export { ERROR_STATUS, type ErrorCode } from './catalog/error-status.ts'

/** Languages the messages are written in. */
export const LOCALES = ['en', 'fr'] as const
export type Locale = (typeof LOCALES)[number]

/**
 * Every message a service may report, keyed by reason. A reason belongs to exactly one code, so
 * clients keep relying on the code while messages stay free to change. `{name}` placeholders are
 * filled from the error's params. A reason is written in one part only (catalog-parts.test.ts).
 */
export const MESSAGES = {
  ...COMMON_MESSAGES,
  ...ACCESS_MESSAGES,
  ...ACCOUNTS_MESSAGES,
  ...INVITATIONS_MESSAGES,
  ...SSO_MESSAGES,
  ...ORGANIZATIONS_MESSAGES,
  ...SPACES_MESSAGES,
  ...CONTENT_MESSAGES,
  ...QUALITY_MESSAGES,
  ...SEARCH_MESSAGES,
  ...INBOX_MESSAGES,
  ...GIT_MESSAGES,
  ...PROVIDERS_MESSAGES,
  ...TIDY_MESSAGES,
  ...ROUTINES_MESSAGES,
  ...WEBHOOKS_MESSAGES,
  ...DESKTOP_MESSAGES,
  ...COLLAB_MESSAGES,
} as const satisfies Record<string, CatalogEntry>

export type Reason = keyof typeof MESSAGES

/** The message for a reason in a language, with its placeholders filled. */
export function messageFor(
  reason: Reason,
  locale: Locale,
  params: Record<string, string | number> = {},
): string {
  const template: string = MESSAGES[reason][locale]
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole))
}
