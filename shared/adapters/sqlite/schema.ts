import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'

/** Tables of the embedded database. Times are integer milliseconds since the epoch. */

export const accounts = sqliteTable('accounts', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  username: text('username').notNull().unique(),
  displayName: text('display_name').notNull(),
  email: text('email').notNull().default(''),
  locale: text('locale'),
  isSuperadmin: integer('is_superadmin', { mode: 'boolean' }).notNull().default(false),
  isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
  passwordHash: text('password_hash'),
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

export const rateEvents = sqliteTable(
  'rate_events',
  {
    key: text('key').notNull(),
    at: integer('at').notNull(),
  },
  (t) => [index('rate_events_key_at').on(t.key, t.at), index('rate_events_at').on(t.at)],
)

/** Sync state of a space's repository, and its secrets (encrypted with the server's key). */
export const spaceGit = sqliteTable('space_git', {
  spaceId: integer('space_id')
    .primaryKey()
    .references(() => spaces.id, { onDelete: 'cascade' }),
  /** Whether the first sync with the remote has happened. */
  synced: integer('synced', { mode: 'boolean' }).notNull().default(false),
  lastSyncAt: integer('last_sync_at'),
  lastError: text('last_error'),
  lastErrorAt: integer('last_error_at'),
  /** Failed attempts in a row, for the retry backoff. */
  attempts: integer('attempts').notNull().default(0),
  retryAt: integer('retry_at'),
  credentialsKind: text('credentials_kind', { enum: ['https', 'ssh'] }),
  credentials: text('credentials'),
  webhookSecret: text('webhook_secret'),
})

/** Files changed on both sides, with both versions, until someone chooses. */
export const gitConflicts = sqliteTable(
  'git_conflicts',
  {
    spaceId: integer('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    localSha: text('local_sha'),
    remoteSha: text('remote_sha'),
    detectedAt: integer('detected_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.spaceId, t.path] })],
)

/** Texts written before a space's first sync, held until that sync commits them. */
export const heldFiles = sqliteTable(
  'held_files',
  {
    spaceId: integer('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    text: text('text').notNull(),
    authorName: text('author_name').notNull(),
    authorEmail: text('author_email').notNull(),
    message: text('message').notNull(),
    heldAt: integer('held_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.spaceId, t.path] })],
)

/** Text extracted from documents and images, by blob id (the same bytes always give the same text). */
export const extracts = sqliteTable('extracts', {
  sha: text('sha').primaryKey(),
  text: text('text'),
  error: text('error'),
  extractedAt: integer('extracted_at').notNull(),
})
