import { and, asc, desc, eq } from 'drizzle-orm'
import type { PageRef, PersonalPageStore } from '../../ports/personal-pages.ts'
import type { Sync } from '../../ports/sync.ts'
import type { Db } from './open-database.ts'
import { favouritePages, pageVisits } from './schema.ts'

type PageTable = typeof pageVisits | typeof favouritePages

/** The row of one person's page in either table. */
const rowOf = (table: PageTable, accountId: number, page: PageRef) =>
  and(eq(table.accountId, accountId), eq(table.spaceId, page.spaceId), eq(table.path, page.path))

/** Each person's recently viewed and favourite pages in SQLite. */
export function personalPageStore(db: Db): Sync<PersonalPageStore> {
  const visitsOf = (accountId: number) =>
    db
      .select({ spaceId: pageVisits.spaceId, path: pageVisits.path, viewedAt: pageVisits.viewedAt })
      .from(pageVisits)
      .where(eq(pageVisits.accountId, accountId))
      .orderBy(desc(pageVisits.viewedAt), asc(pageVisits.spaceId), asc(pageVisits.path))
      .all()
  return {
    recordVisit: (accountId, page, at, keep) =>
      db.transaction(() => {
        db.insert(pageVisits)
          .values({ accountId, ...page, viewedAt: at })
          .onConflictDoUpdate({
            target: [pageVisits.accountId, pageVisits.spaceId, pageVisits.path],
            set: { viewedAt: at },
          })
          .run()
        // At most a visit or two beyond the cap: each is deleted by its key.
        for (const old of visitsOf(accountId).slice(keep))
          db.delete(pageVisits)
            .where(rowOf(pageVisits, accountId, old))
            .run()
      }),
    visits: visitsOf,
    addFavourite: (accountId, page, at) => {
      db.insert(favouritePages)
        .values({ accountId, ...page, addedAt: at })
        .onConflictDoNothing()
        .run()
    },
    removeFavourite: (accountId, page) => {
      db.delete(favouritePages)
        .where(rowOf(favouritePages, accountId, page))
        .run()
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
        .orderBy(asc(favouritePages.spaceId), asc(favouritePages.path))
        .all(),
    followMove: (spaceId, from, to) => {
      if (from === to) return
      db.transaction(() => {
        for (const table of [pageVisits, favouritePages]) {
          db.delete(table)
            .where(and(eq(table.spaceId, spaceId), eq(table.path, to)))
            .run()
          db.update(table)
            .set({ path: to })
            .where(and(eq(table.spaceId, spaceId), eq(table.path, from)))
            .run()
        }
      })
    },
  }
}
