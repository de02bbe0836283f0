/**
 * Compacting a live page's log. Every update stays in the log until a commit folds it into the
 * page's state: a page that cannot be committed for a while (a secret typed in, refused) kept every
 * keystroke, text typed and deleted again included, and one person inserting and deleting a large
 * text again and again grew the database by hundreds of megabytes for one small page. Past a size,
 * the updates are replaced by the document's state, which holds only what is there.
 */
import * as Y from 'yjs'
import { type LiveContext, type LiveDoc, weightsOf } from './live-shapes.ts'

/** Least bytes a page's log holds before it is compacted: a long session's typing is left as it is. */
export const COMPACT_MIN_BYTES = 4 * 1024 * 1024
/** How many times its state's size the log must hold too: a large page is not compacted at each key. */
const COMPACT_FACTOR = 4

/** Compacts the document's log once it is large, after the flush running, if any. */
export function compactIfLarge(ctx: LiveContext, doc: LiveDoc): void {
  const threshold = Math.max(COMPACT_MIN_BYTES, COMPACT_FACTOR * doc.compactedBytes)
  if (doc.compacting || doc.loggedBytes < threshold) return
  doc.compacting = true
  doc.flushing = doc.flushing
    .then(() => compactLog(ctx, doc))
    .catch((error: unknown) => ctx.logger.warn({ err: error, space: doc.spaceId }, 'live log not compacted'))
    .finally(() => {
      doc.compacting = false
    })
}

/**
 * Replaces the updates the document holds by its state, in one row of the log, in the name of whoever
 * typed most of them (the commit's author; its co-authors are forgotten, a price only such a log pays).
 * Updates arriving meanwhile stay as they are: the state may hold them too, which applying twice
 * does not change.
 */
async function compactLog(ctx: LiveContext, doc: LiveDoc): Promise<void> {
  const seqs = [...doc.applied.keys()]
  if (doc.gone || seqs.length < 2) return
  const weights = [...weightsOf(doc).entries()].sort((a, b) => b[1] - a[1])
  const author = weights[0]?.[0] ?? null
  const weight = weights.reduce((sum, [, w]) => sum + w, 0)
  const state = Y.encodeStateAsUpdate(doc.ydoc)
  const seq = await ctx.log.compact(doc.id, seqs, state, author, ctx.deps.clock.now())
  for (const done of seqs) doc.applied.delete(done)
  doc.applied.set(seq, { accountId: author, weight })
  doc.loggedBytes = state.byteLength
  doc.compactedBytes = state.byteLength
}
