import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { SYNC_ERROR_CODES } from '../../../domain/sync-errors.ts'
import { spaces } from './organizations.ts'

/** The Git side of a space: its sync state and secrets, its conflicts, texts held until its first sync. */

/** Sync state of a space's repository, and its secrets (encrypted with the server's key). */
export const spaceGit = sqliteTable('space_git', {
  spaceId: integer('space_id')
    .primaryKey()
    .references(() => spaces.id, { onDelete: 'cascade' }),
  /** Whether the first sync with the remote has happened. */
  synced: integer('synced', { mode: 'boolean' }).notNull().default(false),
  lastSyncAt: integer('last_sync_at'),
  lastError: text('last_error'),
  /** What kind of failure `last_error` is (null beside one stored before kinds were kept). */
  lastErrorCode: text('last_error_code', {
    enum: SYNC_ERROR_CODES,
  }),
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
