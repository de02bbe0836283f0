import { and, eq, ne, or, sql } from 'drizzle-orm'
import { DomainError } from '../../errors/domain-error.ts'
import type { Store } from '../../ports/store.ts'
import { accountStore } from './accounts-store.ts'
import { indexStore } from './index-store.ts'
import { jobStore } from './job-store.ts'
import { type Db, isBusyError } from './open-database.ts'
import { orgStore } from './org-store.ts'
import { organizationStore } from './organizations-store.ts'
import { rateLimitStore } from './rate-limit-store.ts'
import {
  extracts,
  organizations,
  orgMembers,
  spaceGit,
  spaceMembers,
  spaces,
  tidySettings,
} from './schema.ts'
import { sessionStore } from './sessions-store.ts'
import { tokenStore } from './tokens-store.ts'

/** Reports a busy or locked database as `unavailable` (503 with Retry-After), never as a crash. */
function guarded<T extends object>(target: T): T {
  const wrapped = {} as Record<string, unknown>
  for (const [name, value] of Object.entries(target)) {
    wrapped[name] =
      typeof value === 'function'
        ? (...args: unknown[]) => {
            try {
              return value(...args)
            } catch (error) {
              if (isBusyError(error)) throw new DomainError('unavailable', {}, 1)
              throw error
            }
          }
        : value
  }
  return wrapped as T
}

/** The Store port over a drizzle database (SQLite). */
export function sqliteStore(db: Db): Store {
  return {
    accounts: guarded(accountStore(db)),
    tokens: guarded(tokenStore(db)),
    sessions: guarded(sessionStore(db)),
    organizations: guarded(organizationStore(db)),
    rateLimits: guarded(rateLimitStore(db)),
    forOrg: (orgId) => guarded(orgStore(db, orgId)),
    ...guarded({
      spacesOfAccount: spacesOfAccount(db),
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
          .map(({ space, settings }) => {
            const { spaceId: _id, ...rest } = settings
            return { space, settings: rest }
          }),
      spacesWithRemote: () =>
        db
          .select({ space: spaces, lastSyncAt: spaceGit.lastSyncAt, retryAt: spaceGit.retryAt })
          .from(spaces)
          .leftJoin(spaceGit, eq(spaceGit.spaceId, spaces.id))
          .where(ne(spaces.repoUrl, ''))
          .all()
          // A space never synced has no Git state yet.
          .map(({ space, lastSyncAt, retryAt }) => ({
            space,
            sync: { lastSyncAt: lastSyncAt ?? null, retryAt: retryAt ?? null },
          })),
    }),
    ping: async () => {
      db.get(sql`select 1`)
    },
    jobs: guarded(jobStore(db)),
    index: guarded(indexStore(db)),
    extracts: guarded({
      get: (sha: string) =>
        db
          .select({ text: extracts.text, error: extracts.error })
          .from(extracts)
          .where(eq(extracts.sha, sha))
          .get(),
      put: (sha: string, result: { text: string | null; error: string | null }, at: number) => {
        db.insert(extracts)
          .values({ sha, ...result, extractedAt: at })
          .onConflictDoUpdate({ target: extracts.sha, set: { ...result, extractedAt: at } })
          .run()
      },
    }),
  }
}

function spacesOfAccount(db: Db): Store['spacesOfAccount'] {
  return (accountId, everything) =>
    db
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
      .where(everything ? undefined : or(eq(orgMembers.role, 'admin'), eq(spaceMembers.accountId, accountId)))
      .orderBy(organizations.slug, spaces.slug)
      .all()
}
