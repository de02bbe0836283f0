import * as decoding from 'lib0/decoding'
import * as encoding from 'lib0/encoding'

/**
 * The messages of a live session, on y-websocket's wire: each starts with its kind (a varUint),
 * then y-protocols' sync or awareness message; kind 100 carries the session's own news as JSON.
 */
export const MESSAGE_SYNC = 0
export const MESSAGE_AWARENESS = 1
export const MESSAGE_AUTH = 2
export const MESSAGE_QUERY_AWARENESS = 3
export const MESSAGE_STATUS = 100

/** The name of the shared text holding a page's Markdown. */
export const LIVE_TEXT = 'markdown'

/** An error as the API answers it, told to the people in a session. */
export type LiveError = {
  error: string
  message: string
  /** For a refused secret: which text, which rules, at which line of the added text. */
  field?: string
  rules?: string
  line?: number
}

/** What the server tells the people in a page (kind 100). */
export type ServerStatus =
  | { type: 'hello'; doc: number; writable: boolean }
  /** A commit made (or, for a `save` with nothing new to commit, `commit: null`). */
  | { type: 'saved'; commit: string | null; author: string; coauthors: string[]; message: string }
  | ({ type: 'refused' } & LiveError)
  | ({ type: 'read_only' } & LiveError)
  | ({ type: 'gone'; note: string | null; moved?: string } & LiveError)
  | ({ type: 'closing' } & LiveError)

/** What a person asks of the server (kind 100): commit now, with a message of their own. */
export type ClientStatus = { type: 'save'; message?: string }

/** A kind-100 message. */
export function encodeStatus(status: ServerStatus | ClientStatus): Uint8Array {
  const encoder = encoding.createEncoder()
  encoding.writeVarUint(encoder, MESSAGE_STATUS)
  encoding.writeVarString(encoder, JSON.stringify(status))
  return encoding.toUint8Array(encoder)
}

/** The JSON of a kind-100 message whose kind was read already; undefined when it is not JSON. */
export function readStatus(decoder: decoding.Decoder): unknown {
  try {
    return JSON.parse(decoding.readVarString(decoder))
  } catch {
    return undefined
  }
}
