import { and, eq, inArray } from 'drizzle-orm'
import type { OrgStore } from '../../ports/store.ts'
import type { Db } from './open-database.ts'
import { orgScope } from './org-scope.ts'
import { accounts, orgMembers, spaceMembers, spaces } from './schema.ts'
import { spaceGitStore } from './space-git-store.ts'
import { tidyStore } from './tidy-store.ts'

/** The data of one organization; `orgId` is part of every query. */
export function orgStore(db: Db, orgId: number): OrgStore {
  const scope = orgScope(db, orgId)
  const { inOrg, owns: ownsSpace, spaceIds: orgSpaceIds } = scope

  return {
    ...spaceGitStore(db, scope),
    ...tidyStore(db, scope),
    membershipOf: (accountId) =>
      db
        .select({ role: orgMembers.role })
        .from(orgMembers)
        .where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.accountId, accountId)))
        .get()?.role ?? null,
    members: () =>
      db
        .select({
          accountId: accounts.id,
          username: accounts.username,
          displayName: accounts.displayName,
          role: orgMembers.role,
        })
        .from(orgMembers)
        .innerJoin(accounts, eq(accounts.id, orgMembers.accountId))
        .where(eq(orgMembers.orgId, orgId))
        .orderBy(accounts.username)
        .all(),
    setMember: (accountId, role) => {
      db.insert(orgMembers)
        .values({ orgId, accountId, role })
        .onConflictDoUpdate({ target: [orgMembers.orgId, orgMembers.accountId], set: { role } })
        .run()
    },
    removeMember: (accountId) =>
      db.transaction(() => {
        db.delete(spaceMembers)
          .where(and(eq(spaceMembers.accountId, accountId), inArray(spaceMembers.spaceId, orgSpaceIds)))
          .run()
        return (
          db
            .delete(orgMembers)
            .where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.accountId, accountId)))
            .run().changes > 0
        )
      }),
    spaces: () => db.select().from(spaces).where(eq(spaces.orgId, orgId)).orderBy(spaces.slug).all(),
    spaceBySlug: (slug) =>
      db
        .select()
        .from(spaces)
        .where(and(eq(spaces.orgId, orgId), eq(spaces.slug, slug)))
        .get(),
    createSpace: (space) =>
      db
        .insert(spaces)
        .values({ ...space, orgId })
        .onConflictDoNothing()
        .returning()
        .get(),
    updateSpace: (spaceId, changes) => {
      const row = db.update(spaces).set(changes).where(inOrg(spaceId)).returning().get()
      if (!row) throw new Error(`space ${spaceId} vanished`)
      return row
    },
    deleteSpace: (spaceId) => {
      db.delete(spaces).where(inOrg(spaceId)).run()
    },
    spaceMembershipOf: (spaceId, accountId) => {
      if (!ownsSpace(spaceId)) return null
      return (
        db
          .select({ role: spaceMembers.role })
          .from(spaceMembers)
          .where(and(eq(spaceMembers.spaceId, spaceId), eq(spaceMembers.accountId, accountId)))
          .get()?.role ?? null
      )
    },
    spaceMembers: (spaceId) => {
      if (!ownsSpace(spaceId)) return []
      return db
        .select({
          accountId: accounts.id,
          username: accounts.username,
          displayName: accounts.displayName,
          role: spaceMembers.role,
        })
        .from(spaceMembers)
        .innerJoin(accounts, eq(accounts.id, spaceMembers.accountId))
        .where(eq(spaceMembers.spaceId, spaceId))
        .orderBy(accounts.username)
        .all()
    },
    setSpaceMember: (spaceId, accountId, role) =>
      db.transaction(() => {
        scope.check(spaceId)
        db.insert(orgMembers).values({ orgId, accountId, role: 'member' }).onConflictDoNothing().run()
        db.insert(spaceMembers)
          .values({ spaceId, accountId, role })
          .onConflictDoUpdate({ target: [spaceMembers.spaceId, spaceMembers.accountId], set: { role } })
          .run()
      }),
    removeSpaceMember: (spaceId, accountId) => {
      if (!ownsSpace(spaceId)) return false
      return (
        db
          .delete(spaceMembers)
          .where(and(eq(spaceMembers.spaceId, spaceId), eq(spaceMembers.accountId, accountId)))
          .run().changes > 0
      )
    },
  }
}
