import { bigint, customType, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { accounts } from './accounts.ts'
import { millis } from './columns.ts'
import { spaces } from './organizations.ts'

/** Live editing: each page's document as last committed, and the updates received since. */

const bytes = customType<{ data: Uint8Array; driverData: Buffer }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) => new Uint8Array(value),
})

/** A page edited live: its Yjs state as last committed, and that text's blob id in Git. */
export const collabDocs = pgTable(
  'collab_docs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    spaceId: integer('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    state: bytes('state').notNull(),
    baseBlob: text('base_blob').notNull(),
    /** When an instance last had it open (pruning leaves documents open anywhere). */
    openedAt: millis('opened_at').notNull(),
    /**
     * A flush about to commit (JSON: the blob, the tip it commits on, the updates it folds), written
     * before the commit and cleared with the settling, so a crash between the two is resolved at the
     * next load by looking for that blob in the page's history rather than taking it in again.
     */
    intent: text('intent'),
    intentState: bytes('intent_state'),
  },
  (t) => [uniqueIndex('collab_docs_page').on(t.spaceId, t.path)],
)

/** Updates received in live sessions, kept before they are passed on, until a flush commits them. */
export const collabUpdates = pgTable(
  'collab_updates',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    docId: integer('doc_id')
      .notNull()
      .references(() => collabDocs.id, { onDelete: 'cascade' }),
    /** Who typed it; null for an outside change entering the document. */
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    update: bytes('update').notNull(),
    at: millis('at').notNull(),
  },
  (t) => [index('collab_updates_doc').on(t.docId, t.seq)],
)
