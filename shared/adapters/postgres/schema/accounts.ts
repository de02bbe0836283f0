import { bigint, boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { millis } from './columns.ts'
import { spaces } from './organizations.ts'

/** Accounts and what signs them in: personal tokens, sessions, rate limits, credential generation. */

export const accounts = pgTable('accounts', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  username: text('username').notNull().unique(),
  displayName: text('display_name').notNull(),
  email: text('email').notNull().default(''),
  locale: text('locale'),
  isSuperadmin: boolean('is_superadmin').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
  passwordHash: text('password_hash'),
  emailVerified: boolean('email_verified').notNull().default(false),
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  createdAt: millis('created_at').notNull(),
})

export const tokens = pgTable(
  'tokens',
  {
    id: text('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    secretHash: text('secret_hash').notNull().unique(),
    hint: text('hint').notNull(),
    readOnly: boolean('read_only').notNull().default(false),
    /** Whether the token is limited to the spaces listed in token_spaces. */
    restricted: boolean('restricted').notNull().default(false),
    createdAt: millis('created_at').notNull(),
    expiresAt: millis('expires_at'),
    lastUsedAt: millis('last_used_at'),
    revokedAt: millis('revoked_at'),
  },
  (t) => [index('tokens_account').on(t.accountId)],
)

export const tokenSpaces = pgTable(
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

export const sessions = pgTable(
  'sessions',
  {
    /** Digest of the cookie's secret value. */
    id: text('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: millis('created_at').notNull(),
    expiresAt: millis('expires_at').notNull(),
    lastSeenAt: millis('last_seen_at').notNull(),
  },
  (t) => [index('sessions_account').on(t.accountId)],
)

export const rateEvents = pgTable(
  'rate_events',
  {
    key: text('key').notNull(),
    at: millis('at').notNull(),
  },
  (t) => [index('rate_events_key_at').on(t.key, t.at), index('rate_events_at').on(t.at)],
)

/**
 * One row whose value triggers raise, in the same transaction, whenever an account, a token or a
 * session changes in a way that could refuse or alter a credential: a credential cached under an
 * older value is looked up again, in this process or any other on the same database.
 */
export const credentialGeneration = pgTable('credential_generation', {
  id: integer('id').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull(),
})
