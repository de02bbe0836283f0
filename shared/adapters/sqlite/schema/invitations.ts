import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { accounts } from './accounts.ts'
import { organizations } from './organizations.ts'

/** Invitations to organizations, and the one-time links mailed to accounts. */

export const invitations = sqliteTable(
  'invitations',
  {
    id: text('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Lowercased. */
    email: text('email').notNull(),
    orgRole: text('org_role', { enum: ['admin', 'member'] }).notNull(),
    /** JSON array of `{spaceId, role}`. */
    spaces: text('spaces').notNull().default('[]'),
    /** Digest of the secret of the link shown to the inviter; null when access was granted at once. */
    tokenHash: text('token_hash').unique(),
    /** Digest of the secret of the link mailed to the address (it verifies it); null when granted at once. */
    mailTokenHash: text('mail_token_hash').unique(),
    invitedBy: integer('invited_by')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    acceptedAt: integer('accepted_at'),
    acceptedBy: integer('accepted_by').references(() => accounts.id, { onDelete: 'set null' }),
    cancelledAt: integer('cancelled_at'),
  },
  (t) => [index('invitations_org').on(t.orgId, t.createdAt)],
)

export const accountLinks = sqliteTable(
  'account_links',
  {
    /** Digest of the link's secret. */
    id: text('id').primaryKey(),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password'] }).notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
  },
  (t) => [
    index('account_links_account').on(t.accountId, t.purpose),
    index('account_links_expiry').on(t.expiresAt),
  ],
)
