import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { accounts } from './accounts.ts'

/** Single sign-on providers, the accounts linked to their subjects, and sign-ins in flight. */

export const ssoProviders = sqliteTable('sso_providers', {
  slug: text('slug').primaryKey(),
  kind: text('kind', { enum: ['oidc', 'google', 'microsoft'] }).notNull(),
  name: text('name').notNull(),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  /** Sealed with the server's key. */
  clientSecretSealed: text('client_secret_sealed').notNull(),
  autoCreate: integer('auto_create', { mode: 'boolean' }).notNull().default(false),
  /** null: yes for the hosted public providers, no otherwise. */
  linkByEmail: integer('link_by_email', { mode: 'boolean' }),
  /** JSON array of lowercased domains. */
  allowedDomains: text('allowed_domains').notNull().default('[]'),
  enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
})

export const ssoIdentities = sqliteTable(
  'sso_identities',
  {
    providerSlug: text('provider_slug')
      .notNull()
      .references(() => ssoProviders.slug, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.providerSlug, t.subject] }),
    index('sso_identities_account').on(t.accountId),
  ],
)

export const ssoAttempts = sqliteTable(
  'sso_attempts',
  {
    /** Digest of the `state` sent to the provider. */
    id: text('id').primaryKey(),
    providerSlug: text('provider_slug')
      .notNull()
      .references(() => ssoProviders.slug, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    next: text('next').notNull(),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('sso_attempts_expiry').on(t.expiresAt)],
)
