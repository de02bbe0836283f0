/** A person's messages in a live page: sync, presence, saves, and the checks each goes through. */

import * as decoding from 'lib0/decoding'
import * as encoding from 'lib0/encoding'
import * as awarenessProtocol from 'y-protocols/awareness'
import * as syncProtocol from 'y-protocols/sync'
import * as Y from 'yjs'
import {
  encodeStatus,
  MESSAGE_AWARENESS,
  MESSAGE_QUERY_AWARENESS,
  MESSAGE_STATUS,
  MESSAGE_SYNC,
  readStatus,
} from '../../../domain/collab-wire.ts'
import { DomainError, isDomainError } from '../../../errors/domain-error.ts'
import { accessSpace } from '../../access/access.ts'
import type { Actor } from '../../access/actor.ts'
import { compactIfLarge } from './compact-log.ts'
import { broadcastUpdate } from './live-doc.ts'
import { flush, scheduleFlush } from './live-flush.ts'
import {
  accessLost,
  CLOSE,
  errorOf,
  hangUp,
  type LiveContext,
  type LiveDoc,
  type Origin,
  type Peer,
  send,
} from './live-shapes.ts'
import { dropPending, isForeignUpdate, pendingBytes, takePresences } from './update-guard.ts'

/** One message of a person's connection: sync, presence, or a status (a save). */
export async function handle(ctx: LiveContext, doc: LiveDoc, peer: Peer, message: Uint8Array) {
  try {
    await handleMessage(ctx, doc, peer, message)
  } catch (error) {
    // A message cut short (or none of the protocol's) throws as it is read: the sender's fault, told
    // as such (4400), not as the server's.
    if (error instanceof Error && isReadPastEnd(error)) refuseUpdate(ctx, doc, peer, 'live_message_invalid')
    else throw error
  }
}

/** Whether lib0's decoder threw for reading past a message's end or a number too long. */
function isReadPastEnd(error: Error): boolean {
  return /^(Unexpected end of array|Integer out of Range)/.test(error.message)
}

async function handleMessage(ctx: LiveContext, doc: LiveDoc, peer: Peer, message: Uint8Array) {
  const decoder = decoding.createDecoder(message)
  const kind = decoding.readVarUint(decoder)
  if (kind === MESSAGE_SYNC) {
    const type = decoding.readVarUint(decoder)
    if (type === syncProtocol.messageYjsSyncStep1) {
      const encoder = encoding.createEncoder()
      encoding.writeVarUint(encoder, MESSAGE_SYNC)
      syncProtocol.writeSyncStep2(encoder, doc.ydoc, decoding.readVarUint8Array(decoder))
      send(peer, encoding.toUint8Array(encoder))
      return
    }
    if (type !== syncProtocol.messageYjsSyncStep2 && type !== syncProtocol.messageYjsUpdate) return
    // A reader's editor answers the server's sync with what it holds: that is no attempt to write.
    if (type === syncProtocol.messageYjsSyncStep2 && !peer.ticket.writable) return
    // The answer to the server's sync comes from the editor by itself at each connection: only what
    // the person types keeps their web session alive.
    const typed = type === syncProtocol.messageYjsUpdate
    await write(ctx, doc, peer, decoding.readVarUint8Array(decoder), typed)
  } else if (kind === MESSAGE_AWARENESS) {
    const raw = decoding.readVarUint8Array(decoder)
    // Another's presence, or an oversized one, is not taken: dropped, as a stale presence would be.
    const accountOf = (p: Peer) => p.credential.actor.account.id
    if (!takePresences(raw, peer, doc.peers, doc.awareness.getStates(), accountOf)) return
    const account = peer.credential.actor.account
    const update = awarenessProtocol.modifyAwarenessUpdate(raw, (state) =>
      state && typeof state === 'object'
        ? {
            ...state,
            user: {
              ...(typeof state.user === 'object' && state.user ? state.user : {}),
              name: account.displayName || account.username,
              username: account.username,
              writable: peer.ticket.writable,
            },
          }
        : state,
    )
    awarenessProtocol.applyAwarenessUpdate(doc.awareness, update, peer)
  } else if (kind === MESSAGE_QUERY_AWARENESS) {
    const encoder = encoding.createEncoder()
    encoding.writeVarUint(encoder, MESSAGE_AWARENESS)
    encoding.writeVarUint8Array(
      encoder,
      awarenessProtocol.encodeAwarenessUpdate(doc.awareness, [...doc.awareness.getStates().keys()]),
    )
    send(peer, encoding.toUint8Array(encoder))
  } else if (kind === MESSAGE_STATUS) {
    const status = readStatus(decoder) as { type?: unknown; message?: unknown } | undefined
    if (status?.type !== 'save') return
    const actor = await recheck(ctx, doc, peer, true)
    if (!actor) return
    const message = typeof status.message === 'string' ? status.message.slice(0, 2000) : undefined
    await flush(ctx, doc, { actor, message, peer }).catch(() => {})
  }
}

/**
 * Checks the caller's credential and right to write again; cuts them off when either is gone.
 * `keepAlive`: whether the message was the person's doing (typing, a save), which keeps their web
 * session alive.
 */
export async function recheck(
  ctx: LiveContext,
  doc: LiveDoc,
  peer: Peer,
  keepAlive: boolean,
): Promise<Actor | undefined> {
  // The check holds as of when it is made, not of when its answer comes.
  const now = ctx.deps.clock.now()
  try {
    const actor = await peer.credential.refresh({ keepAlive })
    await accessSpace(ctx.deps, actor, peer.ticket.orgSlug, peer.ticket.spaceSlug, 'space.write')
    peer.credential = { ...peer.credential, actor }
    // Checked as a writer: no need to check them again as a listener for a while.
    peer.checkedAt = Math.max(peer.checkedAt, now)
    return actor
  } catch (error) {
    const locale = peer.credential.locale
    if (isDomainError(error) && error.code === 'forbidden' && !peer.ticket.writable) {
      send(peer, encodeStatus({ type: 'read_only', ...errorOf(new DomainError('live_read_only'), locale) }))
      return undefined
    }
    send(peer, encodeStatus({ type: 'closing', ...errorOf(accessLost(error), locale) }))
    hangUp(peer, CLOSE.refused, 'refused')
    ctx.leave(doc, peer)
    return undefined
  }
}

/** A person's update: checked, kept in the log, then passed on to everyone in the page. */
export async function write(ctx: LiveContext, doc: LiveDoc, peer: Peer, update: Uint8Array, typed: boolean) {
  if (!peer.ticket.writable) {
    send(
      peer,
      encodeStatus({
        type: 'read_only',
        ...errorOf(new DomainError('live_read_only'), peer.credential.locale),
      }),
    )
    return
  }
  const actor = await recheck(ctx, doc, peer, typed)
  if (!actor || doc.gone) return
  if (doc.text.length + update.byteLength > ctx.limits.maxTextBytes) {
    // Past the size edited live: refused whole, and the person is told (their editor stops here).
    send(
      peer,
      encodeStatus({
        type: 'closing',
        ...errorOf(
          new DomainError('live_update_too_large', { limit: ctx.limits.maxTextBytes }),
          peer.credential.locale,
        ),
      }),
    )
    hangUp(peer, CLOSE.tooLarge, 'too large')
    ctx.leave(doc, peer)
    return
  }
  if (isForeignUpdate(update)) return refuseUpdate(ctx, doc, peer)
  const accountId = actor.account.id
  doc.accounts.set(accountId, actor.account)
  // Applied here first, to learn what it changes (a reconnecting editor resends what it has), but
  // held back: it is kept in the log before it is passed on, so a crash loses nothing passed on.
  const origin: Origin = { accountId, weight: 0, held: [] }
  Y.applyUpdate(doc.ydoc, update, origin)
  // What waits for text the document never gets is bounded: past the size of a page, it is dropped
  // and its writer cut off, once what did apply is kept and passed on below.
  const waitsTooMuch = pendingBytes(doc.ydoc) > ctx.limits.maxTextBytes
  if (waitsTooMuch) dropPending(doc.ydoc)
  const held = origin.held ?? []
  if (held.length > 0) {
    // How they typed, for the commit's trailers: only from an update that changed something (a
    // program that reconnects and resends what it has typed nothing).
    doc.typedVia.set(accountId, actor)
    const effective = held.length === 1 ? (held[0] as Uint8Array) : Y.mergeUpdates(held)
    const seq = await ctx.appendSoon(doc.id, accountId, effective)
    doc.applied.set(seq, { accountId, weight: origin.weight })
    doc.loggedBytes += effective.byteLength
    compactIfLarge(ctx, doc)
    broadcastUpdate(ctx, doc, effective)
    ctx.deps.collabRelay.publish({ kind: 'update', docId: doc.id })
    scheduleFlush(ctx, doc)
  }
  if (waitsTooMuch) refuseUpdate(ctx, doc, peer)
}

/**
 * Cuts off a writer whose update the document cannot hold, or whose message cannot be read (`reason`),
 * saying why.
 */
export function refuseUpdate(
  ctx: LiveContext,
  doc: LiveDoc,
  peer: Peer,
  reason: 'live_update_foreign' | 'live_message_invalid' = 'live_update_foreign',
) {
  const error = new DomainError(reason)
  send(peer, encodeStatus({ type: 'closing', ...errorOf(error, peer.credential.locale) }))
  hangUp(peer, CLOSE.invalid, 'refused update')
  ctx.leave(doc, peer)
}

/** A person's first messages: who they are to the page, the document's state, who else is in it. */
export function sendHello(doc: LiveDoc, peer: Peer) {
  send(peer, encodeStatus({ type: 'hello', doc: doc.id, writable: peer.ticket.writable }))
  const encoder = encoding.createEncoder()
  encoding.writeVarUint(encoder, MESSAGE_SYNC)
  syncProtocol.writeSyncStep1(encoder, doc.ydoc)
  send(peer, encoding.toUint8Array(encoder))
  const states = [...doc.awareness.getStates().keys()]
  if (states.length > 0) {
    const awareness = encoding.createEncoder()
    encoding.writeVarUint(awareness, MESSAGE_AWARENESS)
    encoding.writeVarUint8Array(awareness, awarenessProtocol.encodeAwarenessUpdate(doc.awareness, states))
    send(peer, encoding.toUint8Array(awareness))
  }
}
