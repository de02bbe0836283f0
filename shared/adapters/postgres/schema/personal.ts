import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { accounts } from './accounts.ts'
import { millis } from './columns.ts'
import { spaces } from './organizations.ts'

/** What each person keeps for themselves: pages viewed lately and favourite pages (paths under content/). */

/** The pages a person viewed lately, the most recent few per person. */
export const pageVisits = pgTable(
  'page_visits',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    spaceId: integer('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    viewedAt: millis('viewed_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.spaceId, t.path] }),
    // A move renames a page's rows for everyone, and a space's deletion cascades here.
    index('page_visits_page').on(t.spaceId, t.path),
  ],
)

/** The pages a person marked as favourites. */
export const favouritePages = pgTable(
  'favourite_pages',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    spaceId: integer('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    addedAt: millis('added_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.spaceId, t.path] }),
    index('favourite_pages_page').on(t.spaceId, t.path),
  ],
)
