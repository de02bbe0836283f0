import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { spaces } from './organizations.ts'

/** Accounts and what signs them in: personal tokens, sessions, rate limits, credential generation. */

export const accounts = sqliteTable('accounts', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  username: text('username').notNull().unique(),
  displayName: text('display_name').notNull(),
  email: text('email').notNull().default(''),
  locale: text('locale'),
  isSuperadmin: integer('is_superadmin', { mode: 'boolean' }).notNull().default(false),
  isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
  passwordHash: text('password_hash'),
  emailVerified: integer('email_verified', { mode: 'boolean' }).notNull().default(false),
  mustChangePassword: integer('must_change_password', { mode: 'boolean' }).notNull().default(false),
  createdAt: integer('created_at').notNull(),
})

export const tokens = sqliteTable(
  'tokens',
  {
    id: text('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    secretHash: text('secret_hash').notNull().unique(),
    hint: text('hint').notNull(),
    readOnly: integer('read_only', { mode: 'boolean' }).notNull().default(false),
    /** Whether the token is limited to the spaces listed in token_spaces. */
    restricted: integer('restricted', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at'),
    lastUsedAt: integer('last_used_at'),
    revokedAt: integer('revoked_at'),
  },
  (t) => [index('tokens_account').on(t.accountId)],
)

export const tokenSpaces = sqliteTable(
  'token_spaces',
  {
    tokenId: text('token_id')
      .notNull()
      .references(() => tokens.id, { onDelete: 'cascade' }),
    spaceId: integer('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.tokenId, t.spaceId] })],
)

export const sessions = sqliteTable(
  'sessions',
  {
    /** Digest of the cookie's secret value. */
    id: text('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    lastSeenAt: integer('last_seen_at').notNull(),
  },
  (t) => [index('sessions_account').on(t.accountId)],
)

export const rateEvents = sqliteTable(
  'rate_events',
  {
    key: text('key').notNull(),
    at: integer('at').notNull(),
  },
  (t) => [index('rate_events_key_at').on(t.key, t.at), index('rate_events_at').on(t.at)],
)

/**
 * One row whose value triggers raise, in the same transaction, whenever an account, a token or a
 * session changes in a way that could refuse or alter a credential: a credential cached under an
 * older value is looked up again, in this process or any other on the same database.
 */
export const credentialGeneration = sqliteTable('credential_generation', {
  id: integer('id').primaryKey(),
  value: integer('value').notNull(),
})
