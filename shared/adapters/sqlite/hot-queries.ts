import { and, eq, sql } from 'drizzle-orm'
import { madeOncePer } from '../database/made-once.ts'
import type { Db } from './open-database.ts'
import { organizations, orgMembers, spaceMembers, spaces } from './schema.ts'

/**
 * The reads nearly every request makes to find a space and the caller's roles on it, prepared once
 * per connection: building and preparing them again on each request cost more than running them.
 */
function prepareHotQueries(db: Db) {
  const p = sql.placeholder
  return {
    organizationBySlug: db
      .select()
      .from(organizations)
      .where(eq(organizations.slug, p('slug')))
      .prepare(),
    spaceBySlug: db
      .select()
      .from(spaces)
      .where(and(eq(spaces.orgId, p('orgId')), eq(spaces.slug, p('slug'))))
      .prepare(),
    spaceInOrg: db
      .select({ id: spaces.id })
      .from(spaces)
      .where(and(eq(spaces.id, p('spaceId')), eq(spaces.orgId, p('orgId'))))
      .prepare(),
    orgRole: db
      .select({ role: orgMembers.role })
      .from(orgMembers)
      .where(and(eq(orgMembers.orgId, p('orgId')), eq(orgMembers.accountId, p('accountId'))))
      .prepare(),
    /** A member's role on a space, only when the space is the organization's: one statement for both. */
    spaceRole: db
      .select({ role: spaceMembers.role })
      .from(spaceMembers)
      .innerJoin(spaces, eq(spaces.id, spaceMembers.spaceId))
      .where(
        and(
          eq(spaceMembers.spaceId, p('spaceId')),
          eq(spaceMembers.accountId, p('accountId')),
          eq(spaces.orgId, p('orgId')),
        ),
      )
      .prepare(),
  }
}

/** The hot reads of this connection, prepared on first use. */
export const hotQueries: (db: Db) => ReturnType<typeof prepareHotQueries> = madeOncePer(prepareHotQueries)
