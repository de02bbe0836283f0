import type { AccountLinkStore } from './account-links.ts'
import type { AccountStore } from './accounts.ts'
import type { CollabLog } from './collab.ts'
import type { ExtractStore } from './extracts.ts'
import type { GitState } from './git-state.ts'
import type { IndexStore } from './index-store.ts'
import type { InvitationStore } from './invitations.ts'
import type { JobStore } from './jobs.ts'
import type { OAuthStore } from './oauth.ts'
import type { OrgStore, Space, SpaceWithMembership } from './org-store.ts'
import type { Organization, OrganizationStore } from './organizations.ts'
import type { PersonalPageStore } from './personal-pages.ts'
import type { RateLimitStore } from './rate-limits.ts'
import type { Routine } from './routines.ts'
import type { SessionStore } from './sessions.ts'
import type { SsoStore } from './sso.ts'
import type { TidySettings } from './tidy.ts'
import type { TokenStore } from './tokens.ts'

export type * from './account-links.ts'
export type * from './accounts.ts'
export type * from './ai-settings.ts'
export type * from './extracts.ts'
export type * from './git-state.ts'
export type * from './index-store.ts'
export type * from './invitations.ts'
export type * from './jobs.ts'
export type * from './oauth.ts'
export type * from './org-store.ts'
export type * from './organizations.ts'
export type * from './page-marks.ts'
export type * from './personal-pages.ts'
export type * from './rate-limits.ts'
export type * from './routines.ts'
export type * from './sessions.ts'
export type * from './sso.ts'
export type * from './tidy.ts'
export type * from './tokens.ts'
export type * from './webhooks.ts'

/**
 * The database, as the services see it. Each method is atomic on its own: services never hold a
 * transaction open across slow work, so a use case's database changes are one call here.
 * Times are milliseconds since the epoch.
 */
export interface Store {
  readonly accounts: AccountStore
  readonly tokens: TokenStore
  readonly sessions: SessionStore
  /** One-time links mailed to people: e-mail verification and password reset. */
  readonly accountLinks: AccountLinkStore
  /** Invitations to organizations (looked up by their link across organizations). */
  readonly invitations: InvitationStore
  /** Single sign-on providers, the accounts linked to them, and sign-ins in flight. */
  readonly sso: SsoStore
  /** OAuth clients and the grants people made them (connections of AI assistants to `/mcp`). */
  readonly oauth: OAuthStore
  readonly organizations: OrganizationStore
  readonly rateLimits: RateLimitStore
  /** The data of one organization: the tenant is fixed here, so no query can forget it. */
  forOrg(orgId: number): OrgStore
  /** Spaces across organizations where the account holds a role (or administers the organization). */
  spacesOfAccount(accountId: number, everything: boolean): Promise<SpaceWithMembership[]>
  /** Every space with a remote, with when it last synced and when its retry is due (for the periodic sync). */
  spacesWithRemote(): Promise<{ space: Space; sync: Pick<GitState, 'lastSyncAt' | 'retryAt'> }[]>
  readonly extracts: ExtractStore
  readonly jobs: JobStore
  /** Pages edited live: their documents and the updates not yet committed. */
  readonly collab: CollabLog
  /** The search index's metadata and link graph; callers pass spaces they checked access to. */
  readonly index: IndexStore
  /** Each person's recently viewed and favourite pages, across spaces. */
  readonly personalPages: PersonalPageStore
  /**
   * A space by its organization's slug and its own, with the account's roles in both, in one read
   * (every request on a space starts with it); undefined when either does not exist.
   */
  spaceBySlugs(
    orgSlug: string,
    spaceSlug: string,
    accountId: number,
  ): Promise<SpaceWithMembership | undefined>
  /** A space and its organization by id (for background work), or undefined when it was deleted. */
  spaceById(spaceId: number): Promise<{ space: Space; organization: Organization } | undefined>
  /** Spaces whose tidy-up runs on its own (enabled), with their settings. */
  tidySchedules(): Promise<{ space: Space; settings: TidySettings }[]>
  /** Enabled routines whose next run is due at `now`, with their space. */
  dueRoutines(now: number): Promise<{ space: Space; routine: Routine }[]>
  /** Resolves when the database answers a trivial query; rejects when it cannot (readiness). */
  ping(): Promise<void>
  /** One value sealed with the server's key, when any is kept: a start checks its key opens it. */
  sealedSample(): Promise<string | undefined>
}
