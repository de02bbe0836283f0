import { count, eq } from 'drizzle-orm'
import type { OrganizationStore } from '../../ports/store.ts'
import { setsAnything } from '../database/store-rows.ts'
import type { PgDb } from './open-database.ts'
import { byCodePoint } from './query-helpers.ts'
import { organizations, orgMembers, spaces } from './schema.ts'

/** Organizations in PostgreSQL. */
export function organizationStore(db: PgDb): OrganizationStore {
  return {
    list: () => db.select().from(organizations).orderBy(byCodePoint(organizations.slug)),
    bySlug: async (slug) => (await db.select().from(organizations).where(eq(organizations.slug, slug)))[0],
    ofAccount: (accountId) =>
      db
        .select({ organization: organizations, role: orgMembers.role })
        .from(orgMembers)
        .innerJoin(organizations, eq(organizations.id, orgMembers.orgId))
        .where(eq(orgMembers.accountId, accountId))
        .orderBy(byCodePoint(organizations.slug)),
    create: (org, adminId) =>
      db.transaction(async (tx) => {
        const [row] = await tx.insert(organizations).values(org).onConflictDoNothing().returning()
        if (row && adminId !== null) {
          await tx.insert(orgMembers).values({ orgId: row.id, accountId: adminId, role: 'admin' })
        }
        return row
      }),
    update: async (id, changes) => {
      const [row] = setsAnything(changes)
        ? await db.update(organizations).set(changes).where(eq(organizations.id, id)).returning()
        : await db.select().from(organizations).where(eq(organizations.id, id))
      if (!row) throw new Error(`organization ${id} vanished`)
      return row
    },
    deleteIfEmpty: (id) =>
      db.transaction(async (tx) => {
        // Locks the organization first: a space created meanwhile waits for this to end (its foreign
        // key), and then fails, rather than being left without an organization.
        await tx
          .select({ id: organizations.id })
          .from(organizations)
          .where(eq(organizations.id, id))
          .for('update')
        const [left] = await tx.select({ n: count() }).from(spaces).where(eq(spaces.orgId, id))
        if ((left?.n ?? 0) > 0) return false
        await tx.delete(organizations).where(eq(organizations.id, id))
        return true
      }),
  }
}
