import { and, asc, desc, eq } from 'drizzle-orm'
import type { PageRef, PersonalPageStore } from '../../ports/personal-pages.ts'
import type { PgDb } from './open-database.ts'
import { byCodePoint } from './query-helpers.ts'
import { favouritePages, pageVisits } from './schema.ts'

type PageTable = typeof pageVisits | typeof favouritePages

/** The row of one person's page in either table. */
const rowOf = (table: PageTable, accountId: number, page: PageRef) =>
  and(eq(table.accountId, accountId), eq(table.spaceId, page.spaceId), eq(table.path, page.path))

/** Each person's recently viewed and favourite pages in PostgreSQL, ordered as SQLite orders them. */
export function personalPageStore(db: PgDb): PersonalPageStore {
  const visitsOf = (on: Pick<PgDb, 'select'>, accountId: number) =>
    on
      .select({ spaceId: pageVisits.spaceId, path: pageVisits.path, viewedAt: pageVisits.viewedAt })
      .from(pageVisits)
      .where(eq(pageVisits.accountId, accountId))
      .orderBy(desc(pageVisits.viewedAt), asc(pageVisits.spaceId), byCodePoint(pageVisits.path))
  return {
    recordVisit: (accountId, page, at, keep) =>
      db.transaction(async (tx) => {
        await tx
          .insert(pageVisits)
          .values({ accountId, ...page, viewedAt: at })
          .onConflictDoUpdate({
            target: [pageVisits.accountId, pageVisits.spaceId, pageVisits.path],
            set: { viewedAt: at },
          })
        // At most a visit or two beyond the cap: each is deleted by its key.
        for (const old of (await visitsOf(tx, accountId)).slice(keep))
          await tx.delete(pageVisits).where(rowOf(pageVisits, accountId, old))
      }),
    visits: (accountId) => visitsOf(db, accountId),
    addFavourite: async (accountId, page, at) => {
      await db
        .insert(favouritePages)
        .values({ accountId, ...page, addedAt: at })
        .onConflictDoNothing()
    },
    removeFavourite: async (accountId, page) => {
      await db.delete(favouritePages).where(rowOf(favouritePages, accountId, page))
    },
    favourites: (accountId) =>
      db
        .select({
          spaceId: favouritePages.spaceId,
          path: favouritePages.path,
          addedAt: favouritePages.addedAt,
        })
        .from(favouritePages)
        .where(eq(favouritePages.accountId, accountId))
        .orderBy(asc(favouritePages.spaceId), byCodePoint(favouritePages.path)),
    followMove: async (spaceId, from, to) => {
      if (from === to) return
      await db.transaction(async (tx) => {
        for (const table of [pageVisits, favouritePages]) {
          await tx.delete(table).where(and(eq(table.spaceId, spaceId), eq(table.path, to)))
          await tx
            .update(table)
            .set({ path: to })
            .where(and(eq(table.spaceId, spaceId), eq(table.path, from)))
        }
      })
    },
  }
}
