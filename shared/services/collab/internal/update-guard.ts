import * as decoding from 'lib0/decoding'
import * as Y from 'yjs'
import { LIVE_TEXT } from '../../../domain/collab-wire.ts'

/**
 * Whether a person's update holds anything but characters of the page's text. A page's document is
 * one text (LIVE_TEXT) of plain characters: another shared type, an embedded object or formatting
 * would be logged, passed to everyone and kept in the document's state without ever reaching Git,
 * past the size the text is held to. An update that refers to what the document has not seen yet is
 * not refused here: an editor back online types on before its catch-up has arrived, and Yjs keeps
 * such an update aside until it has (see pendingBytes for the bound).
 */
export function isForeignUpdate(update: Uint8Array): boolean {
  let decoded: ReturnType<typeof Y.decodeUpdate>
  try {
    decoded = Y.decodeUpdate(update)
  } catch {
    return true
  }
  for (const struct of decoded.structs) {
    if (!(struct instanceof Y.Item)) continue
    const { content, parentSub } = struct
    // A decoded update names a root type by its name (a string), a nested one by its item's id.
    const parent = struct.parent as unknown as string | Y.ID | null
    // A root other than the page's text, an item nested in another, or a key of a map.
    if (parentSub !== null || (parent !== null && parent !== LIVE_TEXT)) return true
    if (!(content instanceof Y.ContentString || content instanceof Y.ContentDeleted)) return true
  }
  return false
}

/**
 * The bytes of updates a document keeps aside, waiting for what they refer to (an editor's typing
 * that came before its catch-up): once that arrives they are applied; an update whose neighbours
 * never come would stay there, so the session bounds them.
 */
export function pendingBytes(doc: Y.Doc): number {
  const { pendingStructs, pendingDs } = doc.store
  return (pendingStructs?.update.byteLength ?? 0) + (pendingDs?.byteLength ?? 0)
}

/** Forgets the updates a document keeps aside (their writer is cut off: they are not theirs to wait on). */
export function dropPending(doc: Y.Doc): void {
  doc.store.pendingStructs = null
  doc.store.pendingDs = null
}

/** Largest presence one connection announces, in characters of JSON: a name, a colour and a selection. */
const PRESENCE_MAX_BYTES = 8 * 1024

/** Most presences one connection speaks for: one editor has one, a reconnecting one a second. */
const PRESENCES_PER_CONNECTION = 4

/**
 * The client ids an awareness update speaks for, with the size of the largest state it carries;
 * undefined when it cannot be read.
 */
function presenceEntries(update: Uint8Array): { clients: number[]; largest: number } | undefined {
  try {
    const decoder = decoding.createDecoder(update)
    const count = decoding.readVarUint(decoder)
    const clients: number[] = []
    let largest = 0
    for (let i = 0; i < count; i++) {
      clients.push(decoding.readVarUint(decoder))
      decoding.readVarUint(decoder)
      largest = Math.max(largest, decoding.readVarString(decoder).length)
    }
    return { clients, largest }
  } catch {
    return undefined
  }
}

/**
 * Whether a connection's presence update speaks only for itself, and then takes the new ids it names:
 * ids it announced before, or new ones (a few), none another person's, each of a presence's size. An
 * editor reconnecting keeps its id: the same account's older connection, which may not have been seen
 * to close yet, gives it up; another person's presence (`present`) is never taken.
 */
export function takePresences<P extends { clients: Set<number> }>(
  update: Uint8Array,
  peer: P,
  peers: Iterable<P>,
  present: ReadonlyMap<number, unknown>,
  accountOf: (peer: P) => number,
): boolean {
  const entries = presenceEntries(update)
  if (!entries || entries.largest > PRESENCE_MAX_BYTES) return false
  const added = [...new Set(entries.clients.filter((id) => !peer.clients.has(id)))]
  if (peer.clients.size + added.length > PRESENCES_PER_CONNECTION) return false
  const others = [...peers].filter((other) => other !== peer)
  const holders = added.map((id) => others.find((other) => other.clients.has(id)))
  const account = accountOf(peer)
  for (const [i, id] of added.entries()) {
    const holder = holders[i]
    if (present.has(id) && (holder === undefined || accountOf(holder) !== account)) return false
  }
  for (const [i, id] of added.entries()) {
    holders[i]?.clients.delete(id)
    peer.clients.add(id)
  }
  return true
}
