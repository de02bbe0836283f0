import { count, eq } from 'drizzle-orm'
import type { OrganizationStore } from '../../ports/store.ts'
import type { Sync } from '../../ports/sync.ts'
import { setsAnything } from '../database/store-rows.ts'
import { hotQueries } from './hot-queries.ts'
import type { Db } from './open-database.ts'
import { organizations, orgMembers, spaces } from './schema.ts'

/** Organizations in SQLite. */
export function organizationStore(db: Db): Sync<OrganizationStore> {
  const hot = hotQueries(db)
  return {
    list: () => db.select().from(organizations).orderBy(organizations.slug).all(),
    bySlug: (slug) => hot.organizationBySlug.get({ slug }),
    ofAccount: (accountId) =>
      db
        .select({ organization: organizations, role: orgMembers.role })
        .from(orgMembers)
        .innerJoin(organizations, eq(organizations.id, orgMembers.orgId))
        .where(eq(orgMembers.accountId, accountId))
        .orderBy(organizations.slug)
        .all(),
    create: (org, adminId) =>
      db.transaction(() => {
        const row = db.insert(organizations).values(org).onConflictDoNothing().returning().get()
        if (row && adminId !== null) {
          db.insert(orgMembers).values({ orgId: row.id, accountId: adminId, role: 'admin' }).run()
        }
        return row
      }),
    update: (id, changes) => {
      const row = setsAnything(changes)
        ? db.update(organizations).set(changes).where(eq(organizations.id, id)).returning().get()
        : db.select().from(organizations).where(eq(organizations.id, id)).get()
      if (!row) throw new Error(`organization ${id} vanished`)
      return row
    },
    deleteIfEmpty: (id) =>
      db.transaction(() => {
        const left = db.select({ n: count() }).from(spaces).where(eq(spaces.orgId, id)).get()?.n ?? 0
        if (left > 0) return false
        db.delete(organizations).where(eq(organizations.id, id)).run()
        return true
      }),
  }
}
