import { and, eq, isNotNull, lte, ne, or, type Placeholder, sql } from 'drizzle-orm'
import type { ExtractStore, Store } from '../../ports/store.ts'
import { keptSpaceAccess, keptSpacesOfAccount } from '../database/credential-cache.ts'
import { SEALED_SAMPLE } from '../database/sealed-sample.ts'
import { indexStoreOf } from '../database/space-scope.ts'
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
import { type PgDb, queryRows } from './open-database.ts'
import { orgStore } from './org-store.ts'
import { organizationStore } from './organizations-store.ts'
import { personalPageStore } from './personal-pages-store.ts'
import { byCodePoint } from './query-helpers.ts'
import { rateLimitStore } from './rate-limit-store.ts'
import {
  extracts,
  organizations,
  orgMembers,
  routines,
  spaceGit,
  spaceMembers,
  spaces,
  tidySettings,
} from './schema.ts'
import { sessionStore } from './sessions-store.ts'
import { ssoStore } from './sso-store.ts'
import { tokenStore } from './tokens-store.ts'

/** The Store port over a drizzle database on PostgreSQL (node-postgres or PGlite). */
export function postgresStore(db: PgDb): Store {
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
    forOrg: (orgId) => orgStore(db, orgId),
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
      // Kept in memory while no access changes (see keptSpacesOfAccount).
      spacesOfAccount: keptSpacesOfAccount(credentialGenerationOf(db), (accountId, everything) =>
        spacesWithRoles(db, accountId)
          .where(
            everything ? undefined : or(eq(orgMembers.role, 'admin'), eq(spaceMembers.accountId, accountId)),
          )
          .orderBy(byCodePoint(organizations.slug), byCodePoint(spaces.slug)),
      ),
      spaceBySlugs: spaceBySlugs(db),
      spaceById: async (spaceId) =>
        (
          await db
            .select({ space: spaces, organization: organizations })
            .from(spaces)
            .innerJoin(organizations, eq(organizations.id, spaces.orgId))
            .where(eq(spaces.id, spaceId))
        )[0],
      tidySchedules: async () =>
        (
          await db
            .select({ space: spaces, settings: tidySettings })
            .from(tidySettings)
            .innerJoin(spaces, eq(spaces.id, tidySettings.spaceId))
            .where(eq(tidySettings.enabled, true))
        ).map(toTidySchedule),
      dueRoutines: async (now) =>
        (
          await db
            .select({ space: spaces, routine: routines })
            .from(routines)
            .innerJoin(spaces, eq(spaces.id, routines.spaceId))
            .where(and(eq(routines.enabled, true), isNotNull(routines.nextRun), lte(routines.nextRun, now)))
            .orderBy(routines.nextRun)
        ).map(({ space, routine }) => ({ space, routine: toRoutine(routine) })),
      spacesWithRemote: async () =>
        (
          await db
            .select({ space: spaces, lastSyncAt: spaceGit.lastSyncAt, retryAt: spaceGit.retryAt })
            .from(spaces)
            .leftJoin(spaceGit, eq(spaceGit.spaceId, spaces.id))
            .where(ne(spaces.repoUrl, ''))
        ).map(toSpaceWithRemote),
      ping: async () => {
        await db.execute(sql`SELECT 1`)
      },
      sealedSample: async () => (await queryRows<{ v: string }>(db, SEALED_SAMPLE))[0]?.v,
    }),
    jobs: guarded(jobStore(db)),
    collab: guarded(collabStore(db)),
    personalPages: guarded(personalPageStore(db)),
    index: indexStoreOf(guarded(indexStore(db))),
    extracts: guarded<ExtractStore>({
      get: async (sha) =>
        (
          await db
            .select({ text: extracts.text, error: extracts.error })
            .from(extracts)
            .where(eq(extracts.sha, sha))
        )[0],
      put: async (sha, result, at) => {
        await db
          .insert(extracts)
          .values({ sha, ...result, extractedAt: at })
          .onConflictDoUpdate({ target: extracts.sha, set: { ...result, extractedAt: at } })
      },
    }),
  }
}

/** Spaces with their organization and the account's roles in both (null where it has none). */
function spacesWithRoles(db: PgDb, accountId: number | Placeholder) {
  return db
    .select({
      space: spaces,
      organization: organizations,
      orgRole: orgMembers.role,
      spaceRole: spaceMembers.role,
    })
    .from(spaces)
    .innerJoin(organizations, eq(organizations.id, spaces.orgId))
    .leftJoin(orgMembers, and(eq(orgMembers.orgId, spaces.orgId), eq(orgMembers.accountId, accountId)))
    .leftJoin(spaceMembers, and(eq(spaceMembers.spaceId, spaces.id), eq(spaceMembers.accountId, accountId)))
}

function spaceBySlugs(db: PgDb): Store['spaceBySlugs'] {
  // Every request on a space asks: one statement, prepared once per connection.
  const query = spacesWithRoles(db, sql.placeholder('accountId'))
    .where(
      and(eq(organizations.slug, sql.placeholder('orgSlug')), eq(spaces.slug, sql.placeholder('spaceSlug'))),
    )
    .prepare('quire_space_by_slugs')
  // Kept in memory while no access changes: a round trip saved on every request on a space.
  return keptSpaceAccess(
    credentialGenerationOf(db),
    async (orgSlug: string, spaceSlug: string, accountId: number) =>
      (await query.execute({ orgSlug, spaceSlug, accountId }))[0],
  )
}
