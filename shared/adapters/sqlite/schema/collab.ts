import { blob, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { accounts } from './accounts.ts'
import { spaces } from './organizations.ts'

/** Live editing: each page's document as last committed, and the updates received since. */

/** A page edited live: its Yjs state as last committed, and that text's blob id in Git. */
export const collabDocs = sqliteTable(
  'collab_docs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    spaceId: integer('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    state: blob('state', { mode: 'buffer' }).notNull(),
    baseBlob: text('base_blob').notNull(),
    /** When an instance last had it open (pruning leaves documents open anywhere). */
    openedAt: integer('opened_at').notNull(),
    /**
     * A flush about to commit (JSON: the blob, the tip it commits on, the updates it folds), written
     * before the commit and cleared with the settling, so a crash between the two is resolved at the
     * next load by looking for that blob in the page's history rather than taking it in again.
     */
    intent: text('intent'),
    intentState: blob('intent_state', { mode: 'buffer' }),
  },
  (t) => [uniqueIndex('collab_docs_page').on(t.spaceId, t.path)],
)

/** Updates received in live sessions, kept before they are passed on, until a flush commits them. */
export const collabUpdates = sqliteTable(
  'collab_updates',
  {
    seq: integer('seq').primaryKey({ autoIncrement: true }),
    docId: integer('doc_id')
      .notNull()
      .references(() => collabDocs.id, { onDelete: 'cascade' }),
    /** Who typed it; null for an outside change entering the document. */
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    update: blob('update', { mode: 'buffer' }).notNull(),
    at: integer('at').notNull(),
  },
  (t) => [index('collab_updates_doc').on(t.docId, t.seq)],
)
