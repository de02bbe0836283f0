import { and, eq, inArray } from 'drizzle-orm'
import type { OrgRole, SpaceMemberRole } from '../../domain/roles.ts'
import type { MemberStore, OrgSpaceStore, OrgStore, SpaceStore } from '../../ports/store.ts'
import type { Sync } from '../../ports/sync.ts'
import { guarded } from './guarded.ts'
import type { Db } from './open-database.ts'
import { type OrgScope, orgScope } from './org-scope.ts'
import { routineStore } from './routine-store.ts'
import { accounts, orgMembers, spaceMembers, spaces } from './schema.ts'
import { spaceGitStore } from './space-git-store.ts'
import {
  aiSettingsStore,
  embeddingSettingsStore,
  orgTidyStore,
  pageMarkStore,
  tidyStore,
} from './tidy-store.ts'
import { webhookStore } from './webhook-store.ts'

/** The data of one organization; `orgId` is part of every query. */
export function orgStore(db: Db, orgId: number): OrgStore {
  const scope = orgScope(db, orgId)
  return {
    orgId,
    members: guarded(orgMemberStore(db, scope)),
    spaces: guarded(orgSpaceStore(db, scope)),
    ai: guarded(aiSettingsStore(db, orgId)),
    embeddings: guarded(embeddingSettingsStore(db, orgId)),
    tidy: guarded(orgTidyStore(db, scope)),
    webhooks: guarded(webhookStore(db, orgId)),
    space: (spaceId) => spaceStore(db, scope, spaceId),
  }
}

function spaceStore(db: Db, scope: OrgScope, spaceId: number): SpaceStore {
  return {
    spaceId,
    members: guarded(spaceMemberStore(db, scope, spaceId)),
    git: guarded(spaceGitStore(db, scope, spaceId)),
    marks: guarded(pageMarkStore(db, scope, spaceId)),
    tidy: guarded(tidyStore(db, scope, spaceId)),
    routines: guarded(routineStore(db, scope, spaceId)),
  }
}

const memberColumns = {
  accountId: accounts.id,
  username: accounts.username,
  displayName: accounts.displayName,
}

function orgMemberStore(db: Db, { orgId, spaceIds: orgSpaceIds }: OrgScope): Sync<MemberStore<OrgRole>> {
  const ofMember = (accountId: number) =>
    and(eq(orgMembers.orgId, orgId), eq(orgMembers.accountId, accountId))
  return {
    roleOf: (accountId) =>
      db.select({ role: orgMembers.role }).from(orgMembers).where(ofMember(accountId)).get()?.role ?? null,
    list: () =>
      db
        .select({ ...memberColumns, role: orgMembers.role })
        .from(orgMembers)
        .innerJoin(accounts, eq(accounts.id, orgMembers.accountId))
        .where(eq(orgMembers.orgId, orgId))
        .orderBy(accounts.username)
        .all(),
    set: (accountId, role) => {
      db.insert(orgMembers)
        .values({ orgId, accountId, role })
        .onConflictDoUpdate({ target: [orgMembers.orgId, orgMembers.accountId], set: { role } })
        .run()
    },
    remove: (accountId) =>
      db.transaction(() => {
        db.delete(spaceMembers)
          .where(and(eq(spaceMembers.accountId, accountId), inArray(spaceMembers.spaceId, orgSpaceIds)))
          .run()
        return db.delete(orgMembers).where(ofMember(accountId)).run().changes > 0
      }),
  }
}

function orgSpaceStore(db: Db, { orgId, inOrg }: OrgScope): Sync<OrgSpaceStore> {
  return {
    list: () => db.select().from(spaces).where(eq(spaces.orgId, orgId)).orderBy(spaces.slug).all(),
    bySlug: (slug) =>
      db
        .select()
        .from(spaces)
        .where(and(eq(spaces.orgId, orgId), eq(spaces.slug, slug)))
        .get(),
    create: (space) =>
      db
        .insert(spaces)
        .values({ ...space, orgId })
        .onConflictDoNothing()
        .returning()
        .get(),
    update: (spaceId, changes) => {
      const row = db.update(spaces).set(changes).where(inOrg(spaceId)).returning().get()
      if (!row) throw new Error(`space ${spaceId} vanished`)
      return row
    },
    delete: (spaceId) => {
      db.delete(spaces).where(inOrg(spaceId)).run()
    },
  }
}

function spaceMemberStore(db: Db, scope: OrgScope, spaceId: number): Sync<MemberStore<SpaceMemberRole>> {
  const { orgId, owns } = scope
  const ofMember = (accountId: number) =>
    and(eq(spaceMembers.spaceId, spaceId), eq(spaceMembers.accountId, accountId))
  return {
    roleOf: (accountId) => {
      if (!owns(spaceId)) return null
      return (
        db.select({ role: spaceMembers.role }).from(spaceMembers).where(ofMember(accountId)).get()?.role ??
        null
      )
    },
    list: () => {
      if (!owns(spaceId)) return []
      return db
        .select({ ...memberColumns, role: spaceMembers.role })
        .from(spaceMembers)
        .innerJoin(accounts, eq(accounts.id, spaceMembers.accountId))
        .where(eq(spaceMembers.spaceId, spaceId))
        .orderBy(accounts.username)
        .all()
    },
    set: (accountId, role) =>
      db.transaction(() => {
        scope.check(spaceId)
        db.insert(orgMembers).values({ orgId, accountId, role: 'member' }).onConflictDoNothing().run()
        db.insert(spaceMembers)
          .values({ spaceId, accountId, role })
          .onConflictDoUpdate({ target: [spaceMembers.spaceId, spaceMembers.accountId], set: { role } })
          .run()
      }),
    remove: (accountId) => {
      if (!owns(spaceId)) return false
      return db.delete(spaceMembers).where(ofMember(accountId)).run().changes > 0
    },
  }
}
