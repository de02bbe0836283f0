import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { accounts } from './accounts.ts'

/** Organizations, their spaces, and who belongs to each. */

export const organizations = sqliteTable('organizations', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  createdAt: integer('created_at').notNull(),
})

export const orgMembers = sqliteTable(
  'org_members',
  {
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['admin', 'member'] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.accountId] }), index('org_members_account').on(t.accountId)],
)

export const spaces = sqliteTable(
  'spaces',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    repoUrl: text('repo_url').notNull().default(''),
    branch: text('branch').notNull().default('main'),
    reviewEvery: text('review_every').notNull().default(''),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('spaces_org_slug').on(t.orgId, t.slug)],
)

export const spaceMembers = sqliteTable(
  'space_members',
  {
    spaceId: integer('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['reader', 'contributor'] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.spaceId, t.accountId] }), index('space_members_account').on(t.accountId)],
)
