import { and, eq, isNotNull, lte, ne, sql } from 'drizzle-orm'
import type { OrgRole, SpaceMemberRole } from '../../domain/roles.ts'
import type { ExtractStore, Organization, Space, Store } from '../../ports/store.ts'
import type { Sync } from '../../ports/sync.ts'
import { keptSpaceAccess, keptSpacesOfAccount } from '../database/credential-cache.ts'
import { madeOnceEach } from '../database/made-once.ts'
import { SEALED_SAMPLE } from '../database/sealed-sample.ts'
import { type FlatIndexStore, indexStoreOf } from '../database/space-scope.ts'
import { toRoutine, toSpaceWithRemote, toTidySchedule } from '../database/store-rows.ts'
import { accountLinkStore } from './account-links-store.ts'
import { accountStore } from './accounts-store.ts'
import { collabStore } from './collab-store.ts'
import { credentialGenerationOf } from './credential-generation.ts'
import { guarded } from './guarded.ts'
import { indexStore } from './index-store.ts'
import { invitationStore } from './invitations-store.ts'
import { jobStore } from './job-store.ts'
import { oauthStore } from './oauth-store.ts'
import type { Db } from './open-database.ts'
import { orgStore } from './org-store.ts'
import { organizationStore } from './organizations-store.ts'
import { personalPageStore } from './personal-pages-store.ts'
import { rateLimitStore } from './rate-limit-store.ts'
import { extracts, organizations, routines, spaceGit, spaces, tidySettings } from './schema.ts'
import { sessionStore } from './sessions-store.ts'
import { ssoStore } from './sso-store.ts'
import { tokenStore } from './tokens-store.ts'

/** Organizations whose stores are kept made at most. */
const KEPT_ORG_STORES = 1_000

/** The Store port over a drizzle database (SQLite). */
export function sqliteStore(db: Db): Store {
  return {
    accounts: guarded(accountStore(db)),
    tokens: guarded(tokenStore(db)),
    sessions: guarded(sessionStore(db)),
    oauth: guarded(oauthStore(db)),
    organizations: guarded(organizationStore(db)),
    rateLimits: guarded(rateLimitStore(db)),
    accountLinks: guarded(accountLinkStore(db)),
    invitations: guarded(invitationStore(db)),
    sso: guarded(ssoStore(db)),
    // Made once per organization: its store holds only queries bound to it, and making its parts on
    // every request took a page read more than its lookups.
    forOrg: madeOnceEach(KEPT_ORG_STORES, (orgId: number) => orgStore(db, orgId)),
    ...guarded<
      Pick<
        Store,
        | 'spacesOfAccount'
        | 'spaceBySlugs'
        | 'spaceById'
        | 'tidySchedules'
        | 'dueRoutines'
        | 'spacesWithRemote'
        | 'ping'
        | 'sealedSample'
      >
    >({
      spacesOfAccount: spacesOfAccount(db),
      spaceBySlugs: spaceBySlugs(db),
      spaceById: (spaceId: number) =>
        db
          .select({ space: spaces, organization: organizations })
          .from(spaces)
          .innerJoin(organizations, eq(organizations.id, spaces.orgId))
          .where(eq(spaces.id, spaceId))
          .get(),
      tidySchedules: () =>
        db
          .select({ space: spaces, settings: tidySettings })
          .from(tidySettings)
          .innerJoin(spaces, eq(spaces.id, tidySettings.spaceId))
          .where(eq(tidySettings.enabled, true))
          .all()
          .map(toTidySchedule),
      dueRoutines: (now: number) =>
        db
          .select({ space: spaces, routine: routines })
          .from(routines)
          .innerJoin(spaces, eq(spaces.id, routines.spaceId))
          .where(and(eq(routines.enabled, true), isNotNull(routines.nextRun), lte(routines.nextRun, now)))
          .orderBy(routines.nextRun)
          .all()
          .map(({ space, routine }) => ({ space, routine: toRoutine(routine) })),
      spacesWithRemote: () =>
        db
          .select({ space: spaces, lastSyncAt: spaceGit.lastSyncAt, retryAt: spaceGit.retryAt })
          .from(spaces)
          .leftJoin(spaceGit, eq(spaceGit.spaceId, spaces.id))
          .where(ne(spaces.repoUrl, ''))
          .all()
          .map(toSpaceWithRemote),
      ping: () => {
        db.get(sql`select 1`)
      },
      sealedSample: () => db.get<{ v: string }>(SEALED_SAMPLE)?.v,
    }),
    jobs: guarded(jobStore(db)),
    collab: guarded(collabStore(db)),
    personalPages: guarded(personalPageStore(db)),
    index: indexStoreOf(guarded<FlatIndexStore>(indexStore(db))),
    extracts: guarded<ExtractStore>({
      get: (sha) =>
        db
          .select({ text: extracts.text, error: extracts.error })
          .from(extracts)
          .where(eq(extracts.sha, sha))
          .get(),
      put: (sha, result, at) => {
        db.insert(extracts)
          .values({ sha, ...result, extractedAt: at })
          .onConflictDoUpdate({ target: extracts.sha, set: { ...result, extractedAt: at } })
          .run()
      },
    }),
  }
}

function spacesOfAccount(db: Db): Sync<Store>['spacesOfAccount'] {
  // Every search and space listing asks: both forms are prepared once for the connection. The roles
  // are read by subqueries: SQLite took over 20 µs a row for each LEFT JOIN doing the same.
  type Row = Space & {
    oId: number
    oSlug: string
    oName: string
    oDescription: string
    oCreatedAt: number
    orgRole: OrgRole | null
    spaceRole: SpaceMemberRole | null
  }
  const query = (everything: boolean) =>
    db.$client.prepare<{ accountId: number }, Row>(
      `SELECT s.id, s.org_id AS orgId, s.slug, s.name, s.description, s.repo_url AS repoUrl, s.branch,
         s.review_every AS reviewEvery, s.created_at AS createdAt,
         o.id AS oId, o.slug AS oSlug, o.name AS oName, o.description AS oDescription,
         o.created_at AS oCreatedAt,
         (SELECT role FROM org_members m WHERE m.org_id = s.org_id AND m.account_id = @accountId) AS orgRole,
         (SELECT role FROM space_members m WHERE m.space_id = s.id AND m.account_id = @accountId) AS spaceRole
       FROM spaces s JOIN organizations o ON o.id = s.org_id
       ${everything ? '' : "WHERE orgRole = 'admin' OR spaceRole IS NOT NULL"}
       ORDER BY o.slug, s.slug`,
    )
  const all = query(true)
  const visible = query(false)
  // Kept in memory while no access changes (see keptSpacesOfAccount).
  return keptSpacesOfAccount(credentialGenerationOf(db), (accountId, everything) =>
    (everything ? all : visible)
      .all({ accountId })
      .map(({ oId, oSlug, oName, oDescription, oCreatedAt, orgRole, spaceRole, ...space }) => ({
        space,
        organization: { id: oId, slug: oSlug, name: oName, description: oDescription, createdAt: oCreatedAt },
        orgRole,
        spaceRole,
      })),
  )
}

function spaceBySlugs(db: Db): Sync<Store>['spaceBySlugs'] {
  // Every request on a space asks. Four one-table statements in one read transaction: SQLite runs a
  // join with bound values several times slower, and each statement outside a transaction takes and
  // drops the read lock. The driver's own statements, prepared once for the connection.
  const sqlite = db.$client
  const organization = sqlite.prepare<[string], Organization>(
    'SELECT id, slug, name, description, created_at AS createdAt FROM organizations WHERE slug = ?',
  )
  const space = sqlite.prepare<[number, string], Space>(
    `SELECT id, org_id AS orgId, slug, name, description, repo_url AS repoUrl, branch,
       review_every AS reviewEvery, created_at AS createdAt
     FROM spaces WHERE org_id = ? AND slug = ?`,
  )
  const orgRole = sqlite
    .prepare<[number, number], OrgRole>('SELECT role FROM org_members WHERE org_id = ? AND account_id = ?')
    .pluck()
  const spaceRole = sqlite
    .prepare<[number, number], SpaceMemberRole>(
      'SELECT role FROM space_members WHERE space_id = ? AND account_id = ?',
    )
    .pluck()
  const read = sqlite.transaction((orgSlug: string, spaceSlug: string, accountId: number) => {
    const org = organization.get(orgSlug)
    const found = org && space.get(org.id, spaceSlug)
    if (!org || !found) return undefined
    return {
      space: found,
      organization: org,
      orgRole: orgRole.get(org.id, accountId) ?? null,
      spaceRole: spaceRole.get(found.id, accountId) ?? null,
    }
  })
  // Kept in memory while no access changes: the read transaction cost more than the rest of a page read's lookups.
  return keptSpaceAccess(credentialGenerationOf(db), read)
}
