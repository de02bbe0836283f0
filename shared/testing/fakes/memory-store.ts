import type { ExtractStore, OrgStore, Space, SpaceWithMembership, Store } from '../../ports/store.ts'
import type { Sync } from '../../ports/sync.ts'
import { memoryAccountLinks } from './memory-account-links.ts'
import { memoryAccounts } from './memory-accounts.ts'
import { memoryCollab } from './memory-collab.ts'
import { memoryIndexStore } from './memory-index-store.ts'
import { memoryInvitations } from './memory-invitations.ts'
import { memoryJobs } from './memory-jobs.ts'
import { memoryOAuth } from './memory-oauth.ts'
import { memoryOrgStore } from './memory-org-store.ts'
import { memoryOrganizations } from './memory-organizations.ts'
import { memoryPersonalPages } from './memory-personal-pages.ts'
import { memoryPort } from './memory-port.ts'
import { memoryRateLimits } from './memory-rate-limits.ts'
import { memorySessions } from './memory-sessions.ts'
import { memorySso } from './memory-sso.ts'
import { byBinary, type MemoryTables, memoryTables } from './memory-tables.ts'
import { memoryTokens } from './memory-tokens.ts'

type CrossOrg = Pick<
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

/**
 * A Store held in memory, empty, answering as the SQLite adapter does and passing the same contract
 * suites: for tests of services that need a database's behaviour but not a database. Each call makes
 * a store of its own.
 */
export function memoryStore(): Store {
  const tables = memoryTables()
  const orgStores = new Map<number, OrgStore>()
  return {
    accounts: memoryAccounts(tables),
    tokens: memoryTokens(tables),
    sessions: memorySessions(tables),
    oauth: memoryOAuth(tables),
    organizations: memoryOrganizations(tables),
    rateLimits: memoryRateLimits(tables),
    accountLinks: memoryAccountLinks(tables),
    invitations: memoryInvitations(tables),
    sso: memorySso(tables),
    forOrg: (orgId) => {
      let made = orgStores.get(orgId)
      if (!made) {
        made = memoryOrgStore(tables, orgId)
        orgStores.set(orgId, made)
      }
      return made
    },
    ...memoryPort<CrossOrg>(crossOrg(tables)),
    extracts: memoryPort<ExtractStore>({
      get: (sha) => {
        const row = tables.extracts.get(sha)
        return row && { text: row.text, error: row.error }
      },
      put: (sha, result, at) => {
        tables.extracts.set(sha, { text: result.text, error: result.error, extractedAt: at })
      },
    }),
    jobs: memoryJobs(tables),
    collab: memoryCollab(tables),
    personalPages: memoryPersonalPages(tables),
    index: memoryIndexStore(tables),
  }
}

/** The Store's queries across organizations. */
function crossOrg(tables: MemoryTables): Sync<CrossOrg> {
  const withOrganization = (space: Space) => {
    const organization = tables.organizations.get(space.orgId)
    return organization && { space, organization }
  }
  const membership = (space: Space, accountId: number): SpaceWithMembership | undefined => {
    const found = withOrganization(space)
    return (
      found && {
        ...found,
        orgRole: tables.orgMembers.get(space.orgId)?.get(accountId) ?? null,
        spaceRole: tables.spaceMembers.get(space.id)?.get(accountId) ?? null,
      }
    )
  }
  return {
    spacesOfAccount: (accountId, everything) =>
      [...tables.spaces.values()]
        .flatMap((space) => membership(space, accountId) ?? [])
        .filter((found) => everything || found.orgRole === 'admin' || found.spaceRole !== null)
        .sort(
          (a, b) =>
            byBinary(a.organization.slug, b.organization.slug) || byBinary(a.space.slug, b.space.slug),
        ),
    spaceBySlugs: (orgSlug, spaceSlug, accountId) => {
      const org = [...tables.organizations.values()].find((o) => o.slug === orgSlug)
      const space = org && [...tables.spaces.values()].find((s) => s.orgId === org.id && s.slug === spaceSlug)
      return space && membership(space, accountId)
    },
    spaceById: (spaceId) => {
      const space = tables.spaces.get(spaceId)
      return space && withOrganization(space)
    },
    // In the order of the spaces' ids, as SQLite reads the settings by their key.
    tidySchedules: () =>
      [...tables.tidySettings]
        .sort(([a], [b]) => a - b)
        .flatMap(([spaceId, settings]) => {
          const space = tables.spaces.get(spaceId)
          return space && settings.enabled ? [{ space, settings }] : []
        }),
    dueRoutines: (now) =>
      [...tables.routines.values()]
        .filter((routine) => routine.enabled && routine.nextRun !== null && routine.nextRun <= now)
        .sort((a, b) => (a.nextRun ?? 0) - (b.nextRun ?? 0))
        .flatMap((routine) => {
          const space = tables.spaces.get(routine.spaceId)
          return space ? [{ space, routine }] : []
        }),
    spacesWithRemote: () =>
      [...tables.spaces.values()]
        .filter((space) => space.repoUrl !== '')
        .map((space) => {
          const git = tables.spaceGit.get(space.id)
          return { space, sync: { lastSyncAt: git?.lastSyncAt ?? null, retryAt: git?.retryAt ?? null } }
        }),
    ping: () => {},
    sealedSample: () => [...tables.webhooks.values()][0]?.secretSealed,
  }
}
