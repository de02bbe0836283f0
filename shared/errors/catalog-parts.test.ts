import { describe, expect, it } from 'vitest'
import { ACCESS_MESSAGES } from './catalog/access.ts'
import { ACCOUNTS_MESSAGES } from './catalog/accounts.ts'
import { COLLAB_MESSAGES } from './catalog/collab.ts'
import { COMMON_MESSAGES } from './catalog/common.ts'
import { CONTENT_MESSAGES } from './catalog/content.ts'
import { DESKTOP_MESSAGES } from './catalog/desktop.ts'
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
import { MESSAGES, type Reason } from './catalog.ts'

const PARTS = {
  common: COMMON_MESSAGES,
  access: ACCESS_MESSAGES,
  accounts: ACCOUNTS_MESSAGES,
  invitations: INVITATIONS_MESSAGES,
  sso: SSO_MESSAGES,
  organizations: ORGANIZATIONS_MESSAGES,
  spaces: SPACES_MESSAGES,
  content: CONTENT_MESSAGES,
  quality: QUALITY_MESSAGES,
  search: SEARCH_MESSAGES,
  inbox: INBOX_MESSAGES,
  git: GIT_MESSAGES,
  providers: PROVIDERS_MESSAGES,
  tidy: TIDY_MESSAGES,
  routines: ROUTINES_MESSAGES,
  webhooks: WEBHOOKS_MESSAGES,
  desktop: DESKTOP_MESSAGES,
  collab: COLLAB_MESSAGES,
}

describe('the catalog joined from its parts', () => {
  it.each(Object.entries(PARTS))(
    'reports each reason of the %s part with that part’s messages',
    (_name, part) => {
      for (const [reason, entry] of Object.entries(part)) expect(MESSAGES[reason as Reason]).toBe(entry)
    },
  )

  it('holds each reason once: no part replaces the messages of another', () => {
    const parts: object[] = Object.values(PARTS)
    const written = parts.reduce((count: number, part) => count + Object.keys(part).length, 0)
    expect(Object.keys(MESSAGES)).toHaveLength(written)
  })
})
