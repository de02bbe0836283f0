import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'

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
  /** The commit from which changed pages are reported as `change` items (moved forward once all are seen). */
  changeBase: text('change_base'),
  /** The commit the change log has read up to (null: none read since the change base). */
  changeCursor: text('change_cursor'),
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

/** The blob a page had when it was last tidied or marked seen (null: seen as deleted). */
export const pageMarks = sqliteTable(
  'page_marks',
  {
    spaceId: integer('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    sha: text('sha'),
    markedAt: integer('marked_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.spaceId, t.path] })],
)

/** The change log: each page changed since the change base, with its latest change (derived from Git). */
export const changedPages = sqliteTable(
  'changed_pages',
  {
    spaceId: integer('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    /** The path's key, which names its inbox item (`change-<key>`). */
    key: text('key').notNull(),
    commit: text('commit').notNull(),
    author: text('author').notNull(),
    date: integer('date').notNull(),
    source: text('source').notNull(),
    via: text('via').notNull(),
    /** The page's blob before its first change since the change base, and at the log's commit. */
    before: text('before'),
    after: text('after'),
  },
  (t) => [
    primaryKey({ columns: [t.spaceId, t.path] }),
    index('changed_pages_space_key').on(t.spaceId, t.key),
    index('changed_pages_space_date').on(t.spaceId, t.date),
  ],
)

/** The change log's commits: one row per page a commit changed, in the order they were read. */
export const pageCommits = sqliteTable(
  'page_commits',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    spaceId: integer('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    commit: text('commit').notNull(),
    author: text('author').notNull(),
    date: integer('date').notNull(),
    subject: text('subject').notNull(),
    source: text('source').notNull(),
    via: text('via').notNull(),
    before: text('before'),
    after: text('after'),
  },
  (t) => [index('page_commits_space_path').on(t.spaceId, t.path, t.id)],
)

/** An organization's AI provider; the key is sealed with the server's key. */
export const aiSettings = sqliteTable('ai_settings', {
  orgId: integer('org_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  provider: text('provider', { enum: ['openai', 'anthropic', 'openai-compatible'] }).notNull(),
  model: text('model').notNull(),
  baseUrl: text('base_url').notNull().default(''),
  effort: text('effort').notNull().default(''),
  apiKey: text('api_key'),
  priceInput: real('price_input'),
  priceOutput: real('price_output'),
  monthlyBudget: real('monthly_budget'),
})

/** When and how a space's tidy-up runs on its own. */
export const tidySettings = sqliteTable('tidy_settings', {
  spaceId: integer('space_id')
    .primaryKey()
    .references(() => spaces.id, { onDelete: 'cascade' }),
  enabled: integer('enabled', { mode: 'boolean' }).notNull().default(false),
  time: text('time').notNull().default('03:00'),
  timezone: text('timezone').notNull().default('UTC'),
  model: text('model').notNull().default(''),
  delay: integer('delay').notNull().default(0),
  /** The next daily run, computed from time and timezone. */
  nextDailyAt: integer('next_daily_at'),
})

/** The log of tidy-up runs. */
export const tidyRuns = sqliteTable(
  'tidy_runs',
  {
    id: text('id').primaryKey(),
    spaceId: integer('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] }).notNull(),
    trigger: text('trigger', { enum: ['manual', 'daily', 'continuous'] }).notNull(),
    model: text('model').notNull().default(''),
    itemsDone: integer('items_done').notNull().default(0),
    itemsLeft: integer('items_left').notNull().default(0),
    summary: text('summary').notNull().default(''),
    operations: text('operations').notNull().default('[]'),
    commit: text('commit'),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    cost: real('cost').notNull().default(0),
    error: text('error'),
    revertedAt: integer('reverted_at'),
    revertCommit: text('revert_commit'),
    requestedBy: integer('requested_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
    startedAt: integer('started_at'),
    finishedAt: integer('finished_at'),
  },
  (t) => [index('tidy_runs_space').on(t.spaceId, t.createdAt)],
)

/** Work done in the background, persisted so that a restart loses none. */
export const jobs = sqliteTable(
  'jobs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind').notNull(),
    spaceId: integer('space_id').references(() => spaces.id, { onDelete: 'cascade' }),
    payload: text('payload').notNull().default('{}'),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] }).notNull(),
    runAt: integer('run_at').notNull(),
    /** While running: until when the worker holds it (a crashed worker's job is taken again after). */
    leaseUntil: integer('lease_until'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    createdAt: integer('created_at').notNull(),
    finishedAt: integer('finished_at'),
  },
  (t) => [index('jobs_due').on(t.status, t.runAt)],
)

/** What the search index knows of each file of a space (derived from Git, rebuildable). */
export const indexFiles = sqliteTable(
  'index_files',
  {
    spaceId: integer('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    sha: text('sha').notNull(),
    title: text('title').notNull(),
    kind: text('kind').notNull(),
    extracted: integer('extracted', { mode: 'boolean' }).notNull().default(false),
    /** The front matter keys freshness is read from, as written. */
    owner: text('owner'),
    verified: text('verified'),
    reviewEvery: text('review_every'),
    /** When the file last changed (its latest commit). */
    lastChange: integer('last_change').notNull(),
  },
  (t) => [primaryKey({ columns: [t.spaceId, t.path] })],
)

/** The link graph: each relative link of each page, resolved to a path or broken (null). */
export const indexLinks = sqliteTable(
  'index_links',
  {
    spaceId: integer('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    fromPath: text('from_path').notNull(),
    target: text('target').notNull(),
    toPath: text('to_path'),
  },
  (t) => [
    index('index_links_from').on(t.spaceId, t.fromPath),
    index('index_links_to').on(t.spaceId, t.toPath),
  ],
)

/** Up to which commit a space is indexed, and whether (and with which model) it has a semantic index. */
export const indexState = sqliteTable('index_state', {
  spaceId: integer('space_id')
    .primaryKey()
    .references(() => spaces.id, { onDelete: 'cascade' }),
  commit: text('commit'),
  semantic: integer('semantic', { mode: 'boolean' }).notNull().default(true),
  embedderId: text('embedder_id'),
  vectorsCommit: text('vectors_commit'),
})

/** An organization's embeddings provider; the key is sealed with the server's key. */
export const embeddingSettings = sqliteTable('embedding_settings', {
  orgId: integer('org_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  provider: text('provider', { enum: ['openai', 'openai-compatible'] }).notNull(),
  model: text('model').notNull(),
  baseUrl: text('base_url').notNull().default(''),
  apiKey: text('api_key'),
})

/** OAuth clients registered dynamically (RFC 7591); a confidential one's secret as its digest only. */
export const oauthClients = sqliteTable(
  'oauth_clients',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** JSON array of the registered redirect URIs. */
    redirectUris: text('redirect_uris').notNull(),
    authMethod: text('auth_method', {
      enum: ['none', 'client_secret_post', 'client_secret_basic'],
    }).notNull(),
    secretHash: text('secret_hash'),
    /** JSON arrays. */
    grantTypes: text('grant_types').notNull(),
    responseTypes: text('response_types').notNull(),
    scope: text('scope'),
    createdAt: integer('created_at').notNull(),
    /** When a person first allowed it; a client never allowed is deleted after a day. */
    authorizedAt: integer('authorized_at'),
  },
  (t) => [index('oauth_clients_created').on(t.createdAt)],
)

/** A person's consent to a client, which its refresh tokens and access tokens carry. */
export const oauthGrants = sqliteTable(
  'oauth_grants',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => oauthClients.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    /** Whether the grant is limited to the spaces listed in oauth_grant_spaces. */
    restricted: integer('restricted', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at').notNull(),
    lastUsedAt: integer('last_used_at'),
  },
  (t) => [index('oauth_grants_account').on(t.accountId)],
)

export const oauthGrantSpaces = sqliteTable(
  'oauth_grant_spaces',
  {
    grantId: text('grant_id')
      .notNull()
      .references(() => oauthGrants.id, { onDelete: 'cascade' }),
    spaceId: integer('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.grantId, t.spaceId] })],
)

/** Authorization codes by digest; kept after use until they expire, so a second use is recognised. */
export const oauthCodes = sqliteTable(
  'oauth_codes',
  {
    hash: text('hash').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => oauthClients.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    redirectUri: text('redirect_uri').notNull(),
    codeChallenge: text('code_challenge').notNull(),
    scope: text('scope').notNull(),
    /** JSON array of space ids, or null for every space. */
    spaceIds: text('space_ids'),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
    grantId: text('grant_id'),
  },
  (t) => [index('oauth_codes_expires').on(t.expiresAt)],
)

/** Refresh tokens by digest; a rotated one is kept so its reuse ends the grant. */
export const oauthRefreshTokens = sqliteTable(
  'oauth_refresh_tokens',
  {
    hash: text('hash').primaryKey(),
    grantId: text('grant_id')
      .notNull()
      .references(() => oauthGrants.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    rotatedAt: integer('rotated_at'),
  },
  (t) => [
    index('oauth_refresh_tokens_grant').on(t.grantId),
    index('oauth_refresh_tokens_expires').on(t.expiresAt),
  ],
)

// --- Agent routines -------------------------------------------------------------------------

/** A space's routines: scheduled rereadings of the wiki that write only to their outputs. */
export const routines = sqliteTable(
  'routines',
  {
    id: text('id').primaryKey(),
    spaceId: integer('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    template: text('template', { enum: ['', 'coherence', 'digest'] })
      .notNull()
      .default(''),
    instructions: text('instructions').notNull().default(''),
    frequency: text('frequency', { enum: ['daily', 'weekly', 'monthly'] }).notNull(),
    weekday: integer('weekday').notNull().default(0),
    monthday: integer('monthday').notNull().default(1),
    at: text('at').notNull(),
    /** JSON array of folders. */
    scope: text('scope').notNull().default('[]'),
    outputPage: text('output_page').notNull().default(''),
    outputInbox: integer('output_inbox', { mode: 'boolean' }).notNull().default(false),
    outputWebhook: text('output_webhook').notNull().default(''),
    /** Sealed with the server's key. */
    webhookSecret: text('webhook_secret'),
    outputEmail: text('output_email', { enum: ['', 'admins', 'members'] })
      .notNull()
      .default(''),
    enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
    nextRun: integer('next_run'),
    lastRun: integer('last_run'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('routines_space').on(t.spaceId), index('routines_next_run').on(t.nextRun)],
)

/**
 * The log of routine runs. A run outlives its routine (no reference to it) so that its cost still
 * counts toward the organization's month; it belongs to the organization for that reason.
 */
export const routineRuns = sqliteTable(
  'routine_runs',
  {
    id: text('id').primaryKey(),
    routineId: text('routine_id').notNull(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    spaceId: integer('space_id').references(() => spaces.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['running', 'done', 'failed'] }).notNull(),
    trigger: text('trigger', { enum: ['manual', 'schedule'] }).notNull(),
    model: text('model').notNull().default(''),
    summary: text('summary').notNull().default(''),
    report: text('report').notNull().default(''),
    /** JSON: page, inbox, emails, webhook. */
    outputs: text('outputs').notNull(),
    commit: text('commit'),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    cost: real('cost').notNull().default(0),
    /** JSON, or null before the run looked at the budget. */
    quota: text('quota'),
    error: text('error'),
    requestedBy: integer('requested_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
    startedAt: integer('started_at'),
    finishedAt: integer('finished_at'),
  },
  (t) => [
    index('routine_runs_routine').on(t.routineId, t.createdAt),
    index('routine_runs_org').on(t.orgId, t.createdAt),
  ],
)

// --- Outgoing webhooks -------------------------------------------------------------------------

/** An organization's outgoing webhooks; the secret is sealed with the server's key. */
export const webhooks = sqliteTable(
  'webhooks',
  {
    id: text('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** JSON array of event names, or null for every event. */
    events: text('events'),
    secretSealed: text('secret_sealed').notNull(),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    failures: integer('failures').notNull().default(0),
    lastDeliveryAt: integer('last_delivery_at'),
    lastStatus: integer('last_status'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('webhooks_org').on(t.orgId)],
)

/** Each attempt to deliver an event to a webhook, for the person debugging its receiver. */
export const webhookAttempts = sqliteTable(
  'webhook_attempts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    webhookId: text('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    /** The event's `webhook-id`: the same for every attempt at one event. */
    messageId: text('message_id').notNull(),
    event: text('event').notNull(),
    attempt: integer('attempt').notNull(),
    at: integer('at').notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
  },
  (t) => [index('webhook_attempts_webhook').on(t.webhookId, t.id)],
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
