/** Changes from outside a live document: the file at the tip, the log's updates of other instances. */
import * as Y from 'yjs'
import { LIVE_TEXT } from '../../../domain/collab-wire.ts'
import { DomainError } from '../../../errors/domain-error.ts'
import type { CollabDoc } from '../../../ports/collab.ts'
import type { Repo } from '../../../ports/repo.ts'
import type { SpaceAccess } from '../../access/access.ts'
import { asText } from '../../content/check-secrets.ts'
import { applyRow } from './live-doc.ts'
import type { LiveContext, LiveDoc } from './live-shapes.ts'
import { applyTextChange } from './text-change.ts'

/** Reads the file at the tip: its text and blob id; refuses what is not edited live. */
export async function tipText(ctx: LiveContext, access: SpaceAccess, path: string) {
  const repo = ctx.deps.repos.open(access.space.id, access.space.branch)
  const file = await repo.read(path)
  if (!file) return undefined
  const text = file.bytes.length <= ctx.limits.maxTextBytes ? asText(file.bytes) : undefined
  if (text === undefined) throw new DomainError('live_not_text', { limit: ctx.limits.maxTextBytes })
  // An editor counts a line break as one character: a CRLF page's positions would not match.
  if (text.includes('\r')) throw new DomainError('live_line_endings')
  return { text, sha: file.sha }
}

/**
 * Brings an outside change into the document: the file at the tip differs from the text last
 * committed. The difference is made on that text's own document, so it merges with what people
 * typed since as a concurrent edit; it is logged and passed on like any update.
 */
export async function integrate(
  ctx: LiveContext,
  doc: LiveDoc,
  base: CollabDoc,
  tip: { text: string; sha: string },
) {
  const shadow = new Y.Doc()
  Y.applyUpdate(shadow, base.state)
  const shadowText = shadow.getText(LIVE_TEXT)
  const before = Y.encodeStateVector(shadow)
  applyTextChange(shadowText, shadowText.toString(), tip.text)
  const update = Y.encodeStateAsUpdate(shadow, before)
  const now = ctx.deps.clock.now()
  const seq = await ctx.log.append(doc.id, null, update, now)
  await ctx.log.settle(doc.id, Y.encodeStateAsUpdate(shadow), tip.sha, [], now)
  shadow.destroy()
  applyRow(doc, seq, null, update)
  ctx.deps.collabRelay.publish({ kind: 'update', docId: doc.id })
}

/**
 * The file at the tip is not the text last committed: take the difference in, unless the live text
 * is already the tip's (what a flush committed before its process died, before the log was told).
 */
export async function takeIn(
  ctx: LiveContext,
  doc: LiveDoc,
  base: CollabDoc,
  tip: { text: string; sha: string },
) {
  if (doc.text.toString() !== tip.text) return integrate(ctx, doc, base, tip)
  const seqs = [...doc.applied.keys()]
  await ctx.log.settle(doc.id, Y.encodeStateAsUpdate(doc.ydoc), tip.sha, seqs, ctx.deps.clock.now())
  for (const seq of seqs) doc.applied.delete(seq)
}

/**
 * A flush that was about to commit when its process stopped: when its text is in the page's history
 * after the tip it committed on, the commit was made, and the log is settled as the flush would have;
 * otherwise the commit was not made, and the intent is forgotten.
 */
export async function resolveIntent(
  ctx: LiveContext,
  repo: Repo,
  row: CollabDoc,
  doc?: LiveDoc,
): Promise<CollabDoc> {
  const intent = row.intent
  if (!intent) return row
  let made = false
  for (const commit of await repo.history(row.path, 50)) {
    if (intent.head && (commit.sha === intent.head || (await repo.isAncestor(commit.sha, intent.head)))) break
    if ((await repo.read(row.path, commit.sha))?.sha === intent.blob) {
      made = true
      break
    }
  }
  if (!made) {
    await ctx.log.intend(row.id, null)
    return { ...row, intent: null }
  }
  await ctx.log.settle(row.id, intent.state, intent.blob, intent.seqs, ctx.deps.clock.now())
  if (doc) for (const seq of intent.seqs) doc.applied.delete(seq)
  return { ...row, state: intent.state, baseBlob: intent.blob, intent: null }
}

/**
 * Applies the log's updates this instance has not seen (another instance's), and forgets those
 * another instance committed since, so that the next commit here credits only who typed since.
 */
export async function catchUp(ctx: LiveContext, doc: LiveDoc) {
  // Known before reading: an update appended here while the log is read is not taken for committed.
  const known = [...doc.applied.keys()]
  const rows = await ctx.log.pending(doc.id)
  for (const row of rows) applyRow(doc, row.seq, row.accountId, row.update)
  const left = new Set(rows.map((row) => row.seq))
  for (const seq of known) if (!left.has(seq)) doc.applied.delete(seq)
}
