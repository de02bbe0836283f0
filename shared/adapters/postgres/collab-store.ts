import { and, asc, eq, inArray, lt, notExists, sql } from 'drizzle-orm'
import type { CollabLog, NewCollabUpdate } from '../../ports/collab.ts'
import { intentJson, intentOf } from '../database/collab-intent.ts'
import type { PgDb } from './open-database.ts'
import { collabDocs, collabUpdates } from './schema.ts'

const docOf = (row: typeof collabDocs.$inferSelect) => ({
  id: row.id,
  spaceId: row.spaceId,
  path: row.path,
  state: row.state,
  baseBlob: row.baseBlob,
  intent: intentOf(row.intent, row.intentState),
})

/** Adds an update to a log, in a transaction or not; answers its sequence number. */
async function insertUpdate(db: PgDb, row: NewCollabUpdate): Promise<number> {
  const [inserted] = await db.insert(collabUpdates).values(row).returning({ seq: collabUpdates.seq })
  return inserted!.seq
}

/** Removes a document's updates `seqs` from its log. */
async function deleteUpdates(db: PgDb, docId: number, seqs: number[]): Promise<void> {
  if (seqs.length > 0)
    await db
      .delete(collabUpdates)
      .where(and(eq(collabUpdates.docId, docId), inArray(collabUpdates.seq, seqs)))
}

/** Live documents and their update logs in PostgreSQL, shared by every instance. */
export function collabStore(db: PgDb): CollabLog {
  const find = async (spaceId: number, path: string) => {
    const [row] = await db
      .select()
      .from(collabDocs)
      .where(and(eq(collabDocs.spaceId, spaceId), eq(collabDocs.path, path)))
    return row && docOf(row)
  }
  return {
    doc: find,
    seed: async (spaceId, path, state, baseBlob, at) => {
      await db
        .insert(collabDocs)
        .values({ spaceId, path, state, baseBlob, openedAt: at })
        .onConflictDoNothing()
      const kept = await find(spaceId, path)
      if (!kept) throw new Error('the live document could not be kept')
      return kept
    },
    append: (docId, accountId, update, at) => insertUpdate(db, { docId, accountId, update, at }),
    appendMany: (rows) =>
      db.transaction(async (tx) => {
        const seqs: number[] = []
        for (const row of rows) seqs.push(await insertUpdate(tx, row))
        return seqs
      }),
    pending: async (docId) =>
      (
        await db
          .select()
          .from(collabUpdates)
          .where(eq(collabUpdates.docId, docId))
          .orderBy(asc(collabUpdates.seq))
      ).map((row) => ({ seq: row.seq, accountId: row.accountId, update: row.update, at: row.at })),
    settle: (docId, state, baseBlob, seqs, at) =>
      db.transaction(async (tx) => {
        await tx
          .update(collabDocs)
          .set({ state, baseBlob, openedAt: at, intent: null, intentState: null })
          .where(eq(collabDocs.id, docId))
        await deleteUpdates(tx, docId, seqs)
      }),
    compact: (docId, seqs, update, accountId, at) =>
      db.transaction(async (tx) => {
        await deleteUpdates(tx, docId, seqs)
        return insertUpdate(tx, { docId, accountId, update, at })
      }),
    intend: async (docId, intent) => {
      await db
        .update(collabDocs)
        .set(
          intent
            ? { intent: intentJson(intent), intentState: intent.state }
            : { intent: null, intentState: null },
        )
        .where(eq(collabDocs.id, docId))
    },
    drop: async (docId) => {
      await db.delete(collabDocs).where(eq(collabDocs.id, docId))
    },
    unsettled: (openedBefore) =>
      db
        .selectDistinct({ id: collabDocs.id, spaceId: collabDocs.spaceId, path: collabDocs.path })
        .from(collabDocs)
        .innerJoin(collabUpdates, eq(collabUpdates.docId, collabDocs.id))
        .where(openedBefore === undefined ? undefined : lt(collabDocs.openedAt, openedBefore))
        .orderBy(asc(collabDocs.id)),
    touch: async (docIds, at) => {
      if (docIds.length === 0) return
      await db.update(collabDocs).set({ openedAt: at }).where(inArray(collabDocs.id, docIds))
    },
    prune: async (before) => {
      const gone = await db
        .delete(collabDocs)
        .where(
          and(
            lt(collabDocs.openedAt, before),
            notExists(
              db.select({ one: sql`1` }).from(collabUpdates).where(eq(collabUpdates.docId, collabDocs.id)),
            ),
          ),
        )
        .returning({ id: collabDocs.id })
      return gone.length
    },
  }
}
