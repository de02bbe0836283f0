import { and, eq, inArray } from 'drizzle-orm'
import type { OrgRole, SpaceMemberRole } from '../../domain/roles.ts'
import type { MemberStore, OrgSpaceStore, OrgStore, SpaceStore } from '../../ports/store.ts'
import type { Sync } from '../../ports/sync.ts'
import { madeOnceEach } from '../database/made-once.ts'
import { setsAnything } from '../database/store-rows.ts'
import { aiSettingsStore } from './ai-settings-store.ts'
import { embeddingSettingsStore } from './embedding-settings-store.ts'
import { guarded } from './guarded.ts'
import { hotQueries } from './hot-queries.ts'
import type { Db } from './open-database.ts'
import { type OrgScope, orgScope } from './org-scope.ts'
import { pageMarkStore } from './page-marks-store.ts'
import { routineStore } from './routine-store.ts'
import { accounts, orgMembers, spaceMembers, spaces } from './schema.ts'
import { spaceGitStore } from './space-git-store.ts'
import { orgTidyStore, tidyStore } from './tidy-store.ts'
import { webhookStore } from './webhook-store.ts'

/** Spaces of one organization whose stores are kept made at most. */
const KEPT_SPACE_STORES = 1_000

/** The data of one organization; `orgId` is part of every query. */
export function orgStore(db: Db, orgId: number): OrgStore {
  const scope = orgScope(db, orgId)
  // Each part is built when first used: most organizations' requests use one or two.
  const members = once(() => guarded(orgMemberStore(db, scope)))
  const spaces = once(() => guarded(orgSpaceStore(db, scope)))
  const ai = once(() => guarded(aiSettingsStore(db, orgId)))
  const embeddings = once(() => guarded(embeddingSettingsStore(db, orgId)))
  const tidy = once(() => guarded(orgTidyStore(db, scope)))
  const webhooks = once(() => guarded(webhookStore(db, orgId)))
  // Made once per space too: its store holds only queries bound to the space.
  const spaceStores = madeOnceEach(KEPT_SPACE_STORES, (spaceId: number) => spaceStore(db, scope, spaceId))
  return {
    orgId,
    get members() {
      return members()
    },
    get spaces() {
      return spaces()
    },
    get ai() {
      return ai()
    },
    get embeddings() {
      return embeddings()
    },
    get tidy() {
      return tidy()
    },
    get webhooks() {
      return webhooks()
    },
    space: spaceStores,
  }
}

/** `make()`, called on first use only. */
function once<T>(make: () => T): () => T {
  let made: T | undefined
  return () => {
    made ??= make()
    return made
  }
}

function spaceStore(db: Db, scope: OrgScope, spaceId: number): SpaceStore {
  const members = once(() => guarded(spaceMemberStore(db, scope, spaceId)))
  const git = once(() => guarded(spaceGitStore(db, scope, spaceId)))
  const marks = once(() => guarded(pageMarkStore(db, scope, spaceId)))
  const tidy = once(() => guarded(tidyStore(db, scope, spaceId)))
  const routines = once(() => guarded(routineStore(db, scope, spaceId)))
  return {
    spaceId,
    get members() {
      return members()
    },
    get git() {
      return git()
    },
    get marks() {
      return marks()
    },
    get tidy() {
      return tidy()
    },
    get routines() {
      return routines()
    },
  }
}

const memberColumns = {
  accountId: accounts.id,
  username: accounts.username,
  displayName: accounts.displayName,
}

function orgMemberStore(db: Db, scope: OrgScope): Sync<MemberStore<OrgRole>> {
  const { orgId } = scope
  const { orgRole } = hotQueries(db)
  const ofMember = (accountId: number) =>
    and(eq(orgMembers.orgId, orgId), eq(orgMembers.accountId, accountId))
  return {
    roleOf: (accountId) => orgRole.get({ orgId, accountId })?.role ?? null,
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
          .where(and(eq(spaceMembers.accountId, accountId), inArray(spaceMembers.spaceId, scope.spaceIds)))
          .run()
        return db.delete(orgMembers).where(ofMember(accountId)).run().changes > 0
      }),
  }
}

function orgSpaceStore(db: Db, { orgId, inOrg }: OrgScope): Sync<OrgSpaceStore> {
  const { spaceBySlug } = hotQueries(db)
  return {
    list: () => db.select().from(spaces).where(eq(spaces.orgId, orgId)).orderBy(spaces.slug).all(),
    bySlug: (slug) => spaceBySlug.get({ orgId, slug }),
    create: (space) =>
      db
        .insert(spaces)
        .values({ ...space, orgId })
        .onConflictDoNothing()
        .returning()
        .get(),
    update: (spaceId, changes) => {
      const row = setsAnything(changes)
        ? db.update(spaces).set(changes).where(inOrg(spaceId)).returning().get()
        : db.select().from(spaces).where(inOrg(spaceId)).get()
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
  const { spaceRole } = hotQueries(db)
  const ofMember = (accountId: number) =>
    and(eq(spaceMembers.spaceId, spaceId), eq(spaceMembers.accountId, accountId))
  return {
    roleOf: (accountId) => spaceRole.get({ spaceId, accountId, orgId })?.role ?? null,
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
