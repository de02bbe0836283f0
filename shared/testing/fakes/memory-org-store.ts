import type { OrgRole, SpaceMemberRole } from '../../domain/roles.ts'
import type {
  AiSettings,
  EmbeddingSettingsRow,
  Member,
  MemberStore,
  OrgSpaceStore,
  OrgStore,
  Space,
  SpaceChanges,
  SpaceStore,
} from '../../ports/store.ts'
import type { Sync } from '../../ports/sync.ts'
import { memoryGitState } from './memory-git-state.ts'
import { type MemoryOrgScope, memoryOrgScope } from './memory-org-scope.ts'
import { memoryPageMarks } from './memory-page-marks.ts'
import { memoryPort } from './memory-port.ts'
import { memoryRoutines } from './memory-routines.ts'
import { memorySettings } from './memory-settings.ts'
import {
  byBinary,
  changesOf,
  dropSpace,
  fields,
  type MemoryTables,
  mustRefer,
  nextId,
  pick,
  rowsOf,
} from './memory-tables.ts'
import { memoryOrgTidy, memoryTidy } from './memory-tidy.ts'
import { memoryWebhooks } from './memory-webhooks.ts'

const SPACE = fields<Space>({
  id: true,
  orgId: true,
  slug: true,
  name: true,
  description: true,
  repoUrl: true,
  branch: true,
  reviewEvery: true,
  createdAt: true,
})

const AI_SETTINGS = fields<AiSettings>({
  provider: true,
  model: true,
  baseUrl: true,
  effort: true,
  apiKey: true,
  priceInput: true,
  priceOutput: true,
  monthlyBudget: true,
})

const EMBEDDING_SETTINGS = fields<EmbeddingSettingsRow>({
  provider: true,
  model: true,
  baseUrl: true,
  apiKey: true,
})

const SPACE_CHANGES = ['name', 'description', 'repoUrl', 'branch', 'reviewEvery'] as const

/** The data of one organization in memory; as in SQLite, nothing of another organization is reached. */
export function memoryOrgStore(tables: MemoryTables, orgId: number): OrgStore {
  const scope = memoryOrgScope(tables, orgId)
  const spaceStores = new Map<number, SpaceStore>()
  return {
    orgId,
    members: memoryPort(orgMembers(tables, scope)),
    spaces: memoryPort(orgSpaces(tables, scope)),
    ai: memorySettings(tables, tables.aiSettings, AI_SETTINGS, orgId),
    embeddings: memorySettings(tables, tables.embeddingSettings, EMBEDDING_SETTINGS, orgId),
    tidy: memoryOrgTidy(tables, scope),
    webhooks: memoryWebhooks(tables, orgId),
    space: (spaceId) => {
      let made = spaceStores.get(spaceId)
      if (!made) {
        made = {
          spaceId,
          members: memoryPort(spaceMembers(tables, scope, spaceId)),
          git: memoryGitState(tables, scope, spaceId),
          marks: memoryPageMarks(tables, scope, spaceId),
          tidy: memoryTidy(tables, scope, spaceId),
          routines: memoryRoutines(tables, scope, spaceId),
        }
        spaceStores.set(spaceId, made)
      }
      return made
    },
  }
}

/** The members under `roles` with their names, ordered by username. */
function membersOf<Role>(tables: MemoryTables, roles: Map<number, Role> | undefined): Member<Role>[] {
  return [...(roles ?? [])]
    .flatMap(([accountId, role]) => {
      const account = tables.accounts.get(accountId)
      return account
        ? [{ accountId, username: account.username, displayName: account.displayName, role }]
        : []
    })
    .sort((a, b) => byBinary(a.username, b.username))
}

function orgMembers(tables: MemoryTables, scope: MemoryOrgScope): Sync<MemberStore<OrgRole>> {
  const { orgId } = scope
  return {
    roleOf: (accountId) => tables.orgMembers.get(orgId)?.get(accountId) ?? null,
    list: () => membersOf(tables, tables.orgMembers.get(orgId)),
    set: (accountId, role) => {
      mustRefer(tables.organizations.has(orgId), 'org_members.org_id')
      mustRefer(tables.accounts.has(accountId), 'org_members.account_id')
      rowsOf(tables.orgMembers, orgId).set(accountId, role)
    },
    remove: (accountId) => {
      for (const spaceId of scope.spaceIds()) tables.spaceMembers.get(spaceId)?.delete(accountId)
      return tables.orgMembers.get(orgId)?.delete(accountId) ?? false
    },
  }
}

function orgSpaces(tables: MemoryTables, { orgId, owns }: MemoryOrgScope): Sync<OrgSpaceStore> {
  const mine = () => [...tables.spaces.values()].filter((s) => s.orgId === orgId)
  return {
    list: () => mine().sort((a, b) => byBinary(a.slug, b.slug)),
    bySlug: (slug) => mine().find((s) => s.slug === slug),
    create: (space) => {
      mustRefer(tables.organizations.has(orgId), 'spaces.org_id')
      if (mine().some((s) => s.slug === space.slug)) return undefined
      const row = pick({ ...space, id: nextId(tables, 'spaces'), orgId }, SPACE)
      tables.spaces.set(row.id, row)
      return row
    },
    update: (spaceId, changes: SpaceChanges) => {
      const space = owns(spaceId) ? tables.spaces.get(spaceId) : undefined
      if (!space) throw new Error(`space ${spaceId} vanished`)
      const changed = { ...space, ...changesOf(changes, SPACE_CHANGES) }
      tables.spaces.set(spaceId, changed)
      return changed
    },
    delete: (spaceId) => {
      if (owns(spaceId)) dropSpace(tables, spaceId)
    },
  }
}

function spaceMembers(
  tables: MemoryTables,
  { orgId, owns, check }: MemoryOrgScope,
  spaceId: number,
): Sync<MemberStore<SpaceMemberRole>> {
  return {
    roleOf: (accountId) => (owns(spaceId) && tables.spaceMembers.get(spaceId)?.get(accountId)) || null,
    list: () => (owns(spaceId) ? membersOf(tables, tables.spaceMembers.get(spaceId)) : []),
    set: (accountId, role) => {
      check(spaceId)
      mustRefer(tables.accounts.has(accountId), 'space_members.account_id')
      // A newcomer to the space joins its organization as a member; a role there is kept.
      const inOrg = rowsOf(tables.orgMembers, orgId)
      if (!inOrg.has(accountId)) inOrg.set(accountId, 'member')
      rowsOf(tables.spaceMembers, spaceId).set(accountId, role)
    },
    remove: (accountId) => owns(spaceId) && (tables.spaceMembers.get(spaceId)?.delete(accountId) ?? false),
  }
}
