import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { accounts } from './accounts.ts'
import { spaces } from './organizations.ts'

/** OAuth for MCP clients: registered clients, grants, authorization codes and refresh tokens. */

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
