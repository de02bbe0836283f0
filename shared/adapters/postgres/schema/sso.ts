import { boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { accounts } from './accounts.ts'
import { millis } from './columns.ts'

/** Single sign-on providers, the accounts linked to their subjects, and sign-ins in flight. */

export const ssoProviders = pgTable('sso_providers', {
  slug: text('slug').primaryKey(),
  kind: text('kind', { enum: ['oidc', 'google', 'microsoft'] }).notNull(),
  name: text('name').notNull(),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  /** Sealed with the server's key. */
  clientSecretSealed: text('client_secret_sealed').notNull(),
  autoCreate: boolean('auto_create').notNull().default(false),
  /** null: yes for the hosted public providers, no otherwise. */
  linkByEmail: boolean('link_by_email'),
  /** JSON array of lowercased domains. */
  allowedDomains: text('allowed_domains').notNull().default('[]'),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: millis('created_at').notNull(),
  updatedAt: millis('updated_at').notNull(),
})

export const ssoIdentities = pgTable(
  'sso_identities',
  {
    providerSlug: text('provider_slug')
      .notNull()
      .references(() => ssoProviders.slug, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: millis('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.providerSlug, t.subject] }),
    index('sso_identities_account').on(t.accountId),
  ],
)

export const ssoAttempts = pgTable(
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
    createdAt: millis('created_at').notNull(),
    expiresAt: millis('expires_at').notNull(),
  },
  (t) => [index('sso_attempts_expiry').on(t.expiresAt)],
)
