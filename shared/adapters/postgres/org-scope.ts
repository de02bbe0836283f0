import { and, eq } from 'drizzle-orm'
import type { PgDb } from './open-database.ts'
import { spaces } from './schema.ts'

/** One organization's bounds, shared by the stores that together make its OrgStore. */
export function orgScope(db: PgDb, orgId: number) {
  const inOrg = (spaceId: number) => and(eq(spaces.id, spaceId), eq(spaces.orgId, orgId))
  const owns = async (q: PgDb, spaceId: number) =>
    (await q.select({ id: spaces.id }).from(spaces).where(inOrg(spaceId))).length > 0
  /** Throws unless the space is the organization's: a caller's mistake, never a user's. */
  const check = async (q: PgDb, spaceId: number): Promise<void> => {
    if (!(await owns(q, spaceId))) throw new Error(`space ${spaceId} is not in organization ${orgId}`)
  }
  return {
    db,
    orgId,
    /** A condition matching the space only when it is the organization's. */
    inOrg,
    /** Whether the space is the organization's. */
    owns: (spaceId: number) => owns(db, spaceId),
    /** Throws unless the space is the organization's. */
    check: (spaceId: number) => check(db, spaceId),
    /**
     * Runs a write in one transaction after checking the space is the organization's (a space never
     * changes organization, so the check holds until the write).
     */
    write: <T>(spaceId: number, work: (tx: PgDb) => Promise<T>): Promise<T> =>
      db.transaction(async (tx) => {
        await check(tx, spaceId)
        return await work(tx)
      }),
    /** The ids of the organization's spaces, as a subquery. */
    spaceIds: db.select({ id: spaces.id }).from(spaces).where(eq(spaces.orgId, orgId)),
  }
}

export type OrgScope = ReturnType<typeof orgScope>
