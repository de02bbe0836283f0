/** A page's live document in memory: made from its stored state, updates applied and passed on. */

import { toBase64 } from 'lib0/buffer'
import * as encoding from 'lib0/encoding'
import * as awarenessProtocol from 'y-protocols/awareness'
import * as syncProtocol from 'y-protocols/sync'
import * as Y from 'yjs'
import { encodeStatus, LIVE_TEXT, MESSAGE_AWARENESS, MESSAGE_SYNC } from '../../../domain/collab-wire.ts'
import type { CollabDoc } from '../../../ports/collab.ts'
import { accessSpace } from '../../access/access.ts'
import {
  accessLost,
  CLOSE,
  errorOf,
  hangUp,
  keyOf,
  type LiveContext,
  type LiveDoc,
  type Origin,
  type Peer,
  send,
} from './live-shapes.ts'

/** Passes an update on to everyone in the page. */
export function broadcastUpdate(ctx: LiveContext, doc: LiveDoc, update: Uint8Array) {
  const encoder = encoding.createEncoder()
  encoding.writeVarUint(encoder, MESSAGE_SYNC)
  syncProtocol.writeUpdate(encoder, update)
  sendToAll(ctx, doc, encoding.toUint8Array(encoder))
}

/** Sends a message to everyone in the page, each checked again when their check is due. */
function sendToAll(ctx: LiveContext, doc: LiveDoc, message: Uint8Array) {
  for (const peer of doc.peers) {
    send(peer, message)
    recheckListener(ctx, doc, peer)
  }
}

/**
 * Everyone connected is checked again every `readCheckMs`, as updates and presences reach them and
 * on a quiet page too: a reader whose token was revoked, who lost the space, or whose web session
 * lapsed (an open page keeps none alive by itself), stops receiving the page and its people.
 */
export function recheckListener(ctx: LiveContext, doc: LiveDoc, peer: Peer) {
  const now = ctx.deps.clock.now()
  if (peer.checking || peer.closed || now - peer.checkedAt < ctx.limits.readCheckMs) return
  peer.checking = true
  peer.checkedAt = now
  void peer.credential
    .refresh({ keepAlive: false })
    .then((actor) => accessSpace(ctx.deps, actor, peer.ticket.orgSlug, peer.ticket.spaceSlug, 'space.read'))
    .then(
      () => {
        peer.checking = false
      },
      (error: unknown) => {
        peer.checking = false
        send(peer, encodeStatus({ type: 'closing', ...errorOf(accessLost(error), peer.credential.locale) }))
        hangUp(peer, CLOSE.refused, 'refused')
        ctx.leave(doc, peer)
      },
    )
}

/** Applies an update of the log, weighing how much of the text it changed, for authorship. */
export function applyRow(doc: LiveDoc, seq: number, accountId: number | null, update: Uint8Array) {
  if (doc.applied.has(seq)) return
  const origin: Origin = { accountId, weight: 0 }
  Y.applyUpdate(doc.ydoc, update, origin)
  doc.applied.set(seq, { accountId, weight: origin.weight })
  doc.loggedBytes += update.byteLength
}

/** A document in memory from its stored state: updates and presences are passed on as they come. */
export function makeDoc(ctx: LiveContext, row: CollabDoc): LiveDoc {
  const ydoc = new Y.Doc()
  const text = ydoc.getText(LIVE_TEXT)
  Y.applyUpdate(ydoc, row.state)
  const awareness = new awarenessProtocol.Awareness(ydoc)
  awareness.setLocalState(null)
  const doc: LiveDoc = {
    key: keyOf(row.spaceId, row.path),
    id: row.id,
    spaceId: row.spaceId,
    path: row.path,
    ydoc,
    text,
    awareness,
    applied: new Map(),
    peers: new Set(),
    flushing: Promise.resolve(),
    again: false,
    gone: false,
    accounts: new Map(),
    typedVia: new Map(),
    loggedBytes: 0,
    compactedBytes: 0,
  }
  text.observe((event, transaction) => {
    const origin = transaction.origin as Origin | undefined
    if (!origin || typeof origin.weight !== 'number') return
    for (const op of event.delta)
      origin.weight += typeof op.insert === 'string' ? op.insert.length : (op.delete ?? 0)
  })
  ydoc.on('update', (update: Uint8Array, origin: unknown) => {
    const held = (origin as Origin | undefined)?.held
    if (held) {
      held.push(update)
      return
    }
    broadcastUpdate(ctx, doc, update)
  })
  awareness.on(
    'update',
    (
      { added, updated, removed }: { added: number[]; updated: number[]; removed: number[] },
      origin: unknown,
    ) => {
      const changed = [...added, ...updated, ...removed]
      if (changed.length === 0) return
      const from = typeof origin === 'object' && origin && 'clients' in origin ? (origin as Peer) : undefined
      if (from) {
        for (const id of added) from.clients.add(id)
        for (const id of removed) from.clients.delete(id)
      }
      const update = awarenessProtocol.encodeAwarenessUpdate(awareness, changed)
      const encoder = encoding.createEncoder()
      encoding.writeVarUint(encoder, MESSAGE_AWARENESS)
      encoding.writeVarUint8Array(encoder, update)
      sendToAll(ctx, doc, encoding.toUint8Array(encoder))
      if (origin !== 'relay')
        ctx.deps.collabRelay.publish({
          kind: 'awareness',
          docId: doc.id,
          update: toBase64(update),
        })
      // Someone new in the page on another instance: tell them who is in it here.
      else if (added.length > 0) publishPresence(ctx, doc)
    },
  )
  return doc
}

/** Tells the other instances who is in the page here: their newcomers learn of the people already in it. */
export function publishPresence(ctx: LiveContext, doc: LiveDoc) {
  const states = doc.awareness.getStates()
  const own = [...doc.peers].flatMap((peer) => [...peer.clients]).filter((id) => states.has(id))
  if (own.length === 0) return
  const update = awarenessProtocol.encodeAwarenessUpdate(doc.awareness, own)
  ctx.deps.collabRelay.publish({ kind: 'awareness', docId: doc.id, update: toBase64(update) })
}

/** Keeps the account of someone who typed in the page, to sign its commits. */
export async function rememberAccount(ctx: LiveContext, doc: LiveDoc, accountId: number) {
  if (doc.accounts.has(accountId)) return
  const account = await ctx.deps.store.accounts.byId(accountId)
  if (account) doc.accounts.set(accountId, account)
}

/** Forgets a document: its timers stop and it leaves memory. */
export function unload(ctx: LiveContext, doc: LiveDoc) {
  clearTimeout(doc.idleTimer)
  clearTimeout(doc.maxTimer)
  clearTimeout(doc.unloadTimer)
  ctx.docs.delete(doc.key)
  if (ctx.byId.get(doc.id) === doc) ctx.byId.delete(doc.id)
  doc.awareness.destroy()
  doc.ydoc.destroy()
}

/** Whether a document holds what people typed and nobody committed yet. */
export const hasEdits = (doc: LiveDoc) => [...doc.applied.values()].some((u) => u.accountId !== null)

/**
 * Whether a document may leave memory: nobody is in it, and nothing is left to commit, or what is
 * left was refused (kept in the log, for when the page is opened again).
 */
export const canUnload = (doc: LiveDoc) => doc.peers.size === 0 && (!hasEdits(doc) || doc.isRefused === true)
