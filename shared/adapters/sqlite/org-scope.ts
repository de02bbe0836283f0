import { and, eq } from 'drizzle-orm'
import { hotQueries } from './hot-queries.ts'
import type { Db } from './open-database.ts'
import { spaces } from './schema.ts'

/** One organization's bounds, shared by the stores that together make its OrgStore. */
export function orgScope(db: Db, orgId: number) {
  const inOrg = (spaceId: number) => and(eq(spaces.id, spaceId), eq(spaces.orgId, orgId))
  const { spaceInOrg } = hotQueries(db)
  const owns = (spaceId: number) => spaceInOrg.get({ spaceId, orgId }) !== undefined
  return {
    orgId,
    /** A condition matching the space only when it is the organization's. */
    inOrg,
    /** Whether the space is the organization's. */
    owns,
    /** Throws unless the space is the organization's: a caller's mistake, never a user's. */
    check: (spaceId: number): void => {
      if (!owns(spaceId)) throw new Error(`space ${spaceId} is not in organization ${orgId}`)
    },
    /** The ids of the organization's spaces, as a subquery (built when asked: most requests never do). */
    get spaceIds() {
      return db.select({ id: spaces.id }).from(spaces).where(eq(spaces.orgId, orgId))
    },
  }
}

export type OrgScope = ReturnType<typeof orgScope>
