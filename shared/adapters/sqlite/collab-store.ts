import { and, asc, eq, inArray, lt, notExists, sql } from 'drizzle-orm'
import type { CollabLog } from '../../ports/collab.ts'
import type { Sync } from '../../ports/sync.ts'
import { intentJson, intentOf } from '../database/collab-intent.ts'
import type { Db } from './open-database.ts'
import { collabDocs, collabUpdates } from './schema.ts'

const bytes = (value: Uint8Array) => Buffer.from(value.buffer, value.byteOffset, value.byteLength)
const docOf = (row: typeof collabDocs.$inferSelect) => ({
  id: row.id,
  spaceId: row.spaceId,
  path: row.path,
  state: new Uint8Array(row.state),
  baseBlob: row.baseBlob,
  intent: intentOf(row.intent, row.intentState && new Uint8Array(row.intentState)),
})

/** Live documents and their update logs in SQLite. */
export function collabStore(db: Db): Sync<CollabLog> {
  // Prepared once: building and preparing the insert for each keystroke cost more than running it.
  const insertUpdate = db
    .insert(collabUpdates)
    .values({
      docId: sql.placeholder('docId'),
      accountId: sql.placeholder('accountId'),
      update: sql.placeholder('update'),
      at: sql.placeholder('at'),
    })
    .returning({ seq: collabUpdates.seq })
    .prepare()
  /** Removes a document's updates `seqs` from its log, 500 at a time (SQLite's bound variables). */
  const deleteUpdates = (docId: number, seqs: number[]) => {
    for (let i = 0; i < seqs.length; i += 500)
      db.delete(collabUpdates)
        .where(and(eq(collabUpdates.docId, docId), inArray(collabUpdates.seq, seqs.slice(i, i + 500))))
        .run()
  }
  const find = (spaceId: number, path: string) => {
    const row = db
      .select()
      .from(collabDocs)
      .where(and(eq(collabDocs.spaceId, spaceId), eq(collabDocs.path, path)))
      .get()
    return row && docOf(row)
  }
  return {
    doc: find,
    seed: (spaceId, path, state, baseBlob, at) => {
      db.insert(collabDocs)
        .values({ spaceId, path, state: bytes(state), baseBlob, openedAt: at })
        .onConflictDoNothing()
        .run()
      const kept = find(spaceId, path)
      if (!kept) throw new Error('the live document could not be kept')
      return kept
    },
    append: (docId, accountId, update, at) =>
      db
        .insert(collabUpdates)
        .values({ docId, accountId, update: bytes(update), at })
        .returning({ seq: collabUpdates.seq })
        .get().seq,
    appendMany: (rows) =>
      db.transaction(() =>
        rows.map(
          ({ docId, accountId, update, at }) =>
            (insertUpdate.get({ docId, accountId, update: bytes(update), at }) as { seq: number }).seq,
        ),
      ),
    pending: (docId) =>
      db
        .select()
        .from(collabUpdates)
        .where(eq(collabUpdates.docId, docId))
        .orderBy(asc(collabUpdates.seq))
        .all()
        .map((row) => ({
          seq: row.seq,
          accountId: row.accountId,
          update: new Uint8Array(row.update),
          at: row.at,
        })),
    settle: (docId, state, baseBlob, seqs, at) => {
      db.transaction(() => {
        db.update(collabDocs)
          .set({ state: bytes(state), baseBlob, openedAt: at, intent: null, intentState: null })
          .where(eq(collabDocs.id, docId))
          .run()
        deleteUpdates(docId, seqs)
      })
    },
    compact: (docId, seqs, update, accountId, at) =>
      db.transaction(() => {
        deleteUpdates(docId, seqs)
        return (insertUpdate.get({ docId, accountId, update: bytes(update), at }) as { seq: number }).seq
      }),
    intend: (docId, intent) => {
      db.update(collabDocs)
        .set(
          intent
            ? { intent: intentJson(intent), intentState: bytes(intent.state) }
            : { intent: null, intentState: null },
        )
        .where(eq(collabDocs.id, docId))
        .run()
    },
    drop: (docId) => {
      db.delete(collabDocs).where(eq(collabDocs.id, docId)).run()
    },
    unsettled: (openedBefore) =>
      db
        .selectDistinct({ id: collabDocs.id, spaceId: collabDocs.spaceId, path: collabDocs.path })
        .from(collabDocs)
        .innerJoin(collabUpdates, eq(collabUpdates.docId, collabDocs.id))
        .where(openedBefore === undefined ? undefined : lt(collabDocs.openedAt, openedBefore))
        .orderBy(asc(collabDocs.id))
        .all(),
    touch: (docIds, at) => {
      if (docIds.length === 0) return
      db.update(collabDocs).set({ openedAt: at }).where(inArray(collabDocs.id, docIds)).run()
    },
    prune: (before) =>
      db
        .delete(collabDocs)
        .where(
          and(
            lt(collabDocs.openedAt, before),
            notExists(
              db.select({ one: sql`1` }).from(collabUpdates).where(eq(collabUpdates.docId, collabDocs.id)),
            ),
          ),
        )
        .run().changes,
  }
}
