import * as decoding from 'lib0/decoding'
import * as Y from 'yjs'
import { LIVE_TEXT } from '../../../domain/collab-wire.ts'

/**
 * Whether a person's update holds anything but characters of the page's text, or refers to what the
 * document has not seen. A page's document is one text (LIVE_TEXT) of plain characters: another shared
 * type, an embedded object or formatting would be logged, passed to everyone and kept in the
 * document's state without ever reaching Git, past the size the text is held to; an update whose
 * neighbours the document lacks would be kept aside by Yjs, unbounded, waiting for them.
 */
export function isForeignUpdate(doc: Y.Doc, update: Uint8Array): boolean {
  let decoded: ReturnType<typeof Y.decodeUpdate>
  let range: ReturnType<typeof Y.parseUpdateMeta>
  try {
    decoded = Y.decodeUpdate(update)
    range = Y.parseUpdateMeta(update)
  } catch {
    return true
  }
  const known = Y.decodeStateVector(Y.encodeStateVector(doc))
  const { from, to } = range
  // Each writer's new items follow on from what the document holds of theirs, without a gap.
  for (const [client, start] of from) if (start > (known.get(client) ?? 0)) return true
  const seen = (id: Y.ID | null) =>
    id === null ||
    id.clock < (known.get(id.client) ?? 0) ||
    (id.clock >= (from.get(id.client) ?? Number.POSITIVE_INFINITY) && id.clock < (to.get(id.client) ?? 0))
  for (const struct of decoded.structs) {
    if (struct instanceof Y.Skip) return true
    if (!(struct instanceof Y.Item)) continue
    const { content, parentSub, origin, rightOrigin } = struct
    // A decoded update names a root type by its name (a string), a nested one by its item's id.
    const parent = struct.parent as unknown as string | Y.ID | null
    // A root other than the page's text, an item nested in another, or a key of a map.
    if (parentSub !== null || (parent !== null && parent !== LIVE_TEXT)) return true
    if (!(content instanceof Y.ContentString || content instanceof Y.ContentDeleted)) return true
    if (!seen(origin) || !seen(rightOrigin)) return true
  }
  for (const [client, deletes] of decoded.ds.clients) {
    const end = Math.max(known.get(client) ?? 0, to.get(client) ?? 0)
    for (const { clock, len } of deletes) if (clock + len > end) return true
  }
  return false
}

/** Largest presence one connection announces, in characters of JSON: a name, a colour and a selection. */
export const PRESENCE_MAX_BYTES = 8 * 1024

/** Most presences one connection speaks for: one editor has one, a reconnecting one a second. */
export const PRESENCES_PER_CONNECTION = 4

/**
 * The client ids an awareness update speaks for, with the size of the largest state it carries;
 * undefined when it cannot be read.
 */
export function presenceEntries(update: Uint8Array): { clients: number[]; largest: number } | undefined {
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
