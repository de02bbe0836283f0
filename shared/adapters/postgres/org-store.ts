import { and, eq, inArray } from 'drizzle-orm'
import type { OrgRole, SpaceMemberRole } from '../../domain/roles.ts'
import type { MemberStore, OrgSpaceStore, OrgStore, SpaceStore } from '../../ports/store.ts'
import { setsAnything } from '../database/store-rows.ts'
import { aiSettingsStore } from './ai-settings-store.ts'
import { embeddingSettingsStore } from './embedding-settings-store.ts'
import { guarded } from './guarded.ts'
import type { PgDb } from './open-database.ts'
import { type OrgScope, orgScope } from './org-scope.ts'
import { pageMarkStore } from './page-marks-store.ts'
import { byCodePoint } from './query-helpers.ts'
import { routineStore } from './routine-store.ts'
import { accounts, orgMembers, spaceMembers, spaces } from './schema.ts'
import { spaceGitStore } from './space-git-store.ts'
import { orgTidyStore, tidyStore } from './tidy-store.ts'
import { webhookStore } from './webhook-store.ts'

/** The data of one organization; `orgId` is part of every query. */
export function orgStore(db: PgDb, orgId: number): OrgStore {
  const scope = orgScope(db, orgId)
  return {
    orgId,
    members: guarded(orgMemberStore(scope)),
    spaces: guarded(orgSpaceStore(scope)),
    ai: guarded(aiSettingsStore(db, orgId)),
    embeddings: guarded(embeddingSettingsStore(db, orgId)),
    tidy: guarded(orgTidyStore(scope)),
    webhooks: guarded(webhookStore(db, orgId)),
    space: (spaceId) => spaceStore(scope, spaceId),
  }
}

function spaceStore(scope: OrgScope, spaceId: number): SpaceStore {
  return {
    spaceId,
    members: guarded(spaceMemberStore(scope, spaceId)),
    git: guarded(spaceGitStore(scope, spaceId)),
    marks: guarded(pageMarkStore(scope, spaceId)),
    tidy: guarded(tidyStore(scope, spaceId)),
    routines: guarded(routineStore(scope, spaceId)),
  }
}

const memberColumns = {
  accountId: accounts.id,
  username: accounts.username,
  displayName: accounts.displayName,
}

function orgMemberStore({ db, orgId, spaceIds: orgSpaceIds }: OrgScope): MemberStore<OrgRole> {
  const ofMember = (accountId: number) =>
    and(eq(orgMembers.orgId, orgId), eq(orgMembers.accountId, accountId))
  return {
    roleOf: async (accountId) =>
      (await db.select({ role: orgMembers.role }).from(orgMembers).where(ofMember(accountId)))[0]?.role ??
      null,
    list: () =>
      db
        .select({ ...memberColumns, role: orgMembers.role })
        .from(orgMembers)
        .innerJoin(accounts, eq(accounts.id, orgMembers.accountId))
        .where(eq(orgMembers.orgId, orgId))
        .orderBy(byCodePoint(accounts.username)),
    set: async (accountId, role) => {
      await db
        .insert(orgMembers)
        .values({ orgId, accountId, role })
        .onConflictDoUpdate({ target: [orgMembers.orgId, orgMembers.accountId], set: { role } })
    },
    remove: (accountId) =>
      db.transaction(async (tx) => {
        await tx
          .delete(spaceMembers)
          .where(and(eq(spaceMembers.accountId, accountId), inArray(spaceMembers.spaceId, orgSpaceIds)))
        const gone = await tx
          .delete(orgMembers)
          .where(ofMember(accountId))
          .returning({ id: orgMembers.orgId })
        return gone.length > 0
      }),
  }
}

function orgSpaceStore({ db, orgId, inOrg }: OrgScope): OrgSpaceStore {
  return {
    list: () => db.select().from(spaces).where(eq(spaces.orgId, orgId)).orderBy(byCodePoint(spaces.slug)),
    bySlug: async (slug) =>
      (
        await db
          .select()
          .from(spaces)
          .where(and(eq(spaces.orgId, orgId), eq(spaces.slug, slug)))
      )[0],
    create: async (space) =>
      (
        await db
          .insert(spaces)
          .values({ ...space, orgId })
          .onConflictDoNothing()
          .returning()
      )[0],
    update: async (spaceId, changes) => {
      const [row] = setsAnything(changes)
        ? await db.update(spaces).set(changes).where(inOrg(spaceId)).returning()
        : await db.select().from(spaces).where(inOrg(spaceId))
      if (!row) throw new Error(`space ${spaceId} vanished`)
      return row
    },
    delete: async (spaceId) => {
      await db.delete(spaces).where(inOrg(spaceId))
    },
  }
}

function spaceMemberStore(scope: OrgScope, spaceId: number): MemberStore<SpaceMemberRole> {
  const { db, orgId, owns, write } = scope
  const ofMember = (accountId: number) =>
    and(eq(spaceMembers.spaceId, spaceId), eq(spaceMembers.accountId, accountId))
  return {
    roleOf: async (accountId) => {
      if (!(await owns(spaceId))) return null
      const [row] = await db.select({ role: spaceMembers.role }).from(spaceMembers).where(ofMember(accountId))
      return row?.role ?? null
    },
    list: async () => {
      if (!(await owns(spaceId))) return []
      return await db
        .select({ ...memberColumns, role: spaceMembers.role })
        .from(spaceMembers)
        .innerJoin(accounts, eq(accounts.id, spaceMembers.accountId))
        .where(eq(spaceMembers.spaceId, spaceId))
        .orderBy(byCodePoint(accounts.username))
    },
    set: (accountId, role) =>
      write(spaceId, async (tx) => {
        await tx.insert(orgMembers).values({ orgId, accountId, role: 'member' }).onConflictDoNothing()
        await tx
          .insert(spaceMembers)
          .values({ spaceId, accountId, role })
          .onConflictDoUpdate({ target: [spaceMembers.spaceId, spaceMembers.accountId], set: { role } })
      }),
    remove: async (accountId) => {
      // Scoped in the statement itself: a space of another organization has no member to remove here.
      const gone = await db
        .delete(spaceMembers)
        .where(and(ofMember(accountId), inArray(spaceMembers.spaceId, scope.spaceIds)))
        .returning({ id: spaceMembers.accountId })
      return gone.length > 0
    },
  }
}
