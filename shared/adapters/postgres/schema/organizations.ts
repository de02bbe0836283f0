import { index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { accounts } from './accounts.ts'
import { millis } from './columns.ts'

/** Organizations, their spaces, and who belongs to each. */

export const organizations = pgTable('organizations', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  createdAt: millis('created_at').notNull(),
})

export const orgMembers = pgTable(
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

export const spaces = pgTable(
  'spaces',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    repoUrl: text('repo_url').notNull().default(''),
    branch: text('branch').notNull().default('main'),
    reviewEvery: text('review_every').notNull().default(''),
    createdAt: millis('created_at').notNull(),
  },
  (t) => [uniqueIndex('spaces_org_slug').on(t.orgId, t.slug)],
)

export const spaceMembers = pgTable(
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
