import type * as awarenessProtocol from 'y-protocols/awareness'
import type * as Y from 'yjs'
import type { LiveError, ServerStatus } from '#shared/domain/collab-wire.ts'

/**
 * Where a person's connection to a page's live session stands: `connecting` until the server's
 * first `hello`; `live` while connected; `reconnecting` after a drop (the text is kept, and what was
 * typed meanwhile is sent once back); `unavailable` when no session could be joined at all (this
 * host offers none, or a proxy lets no WebSocket through); `stopped` when the server ended it for good.
 */
export type LiveConnection = 'connecting' | 'live' | 'reconnecting' | 'unavailable' | 'stopped'

/** The shared text as this browser holds it, with who is where (replaced when the server re-made it). */
export type LiveDocument = {
  doc: Y.Doc
  text: Y.Text
  awareness: awarenessProtocol.Awareness
  /** Counts the documents this provider made: a new one needs a new editor. */
  generation: number
}

/** How this person shows in the others' editors (the server puts the account's own name in `name`). */
export type LiveUser = { name: string; color: string; username?: string }

/** What the provider tells the screen. */
export type LiveEvent =
  | { kind: 'connection'; connection: LiveConnection; reason?: LiveError }
  | { kind: 'document'; document: LiveDocument }
  | { kind: 'synced' }
  | { kind: 'restored' }
  | { kind: 'status'; status: ServerStatus }

/** What a socket needs to offer: the browser's WebSocket, or another with the same surface. */
export type LiveSocket = Pick<WebSocket, 'send' | 'close' | 'readyState' | 'bufferedAmount'> & {
  binaryType: BinaryType
  onopen: ((event: Event) => void) | null
  onmessage: ((event: MessageEvent) => void) | null
  onclose: ((event: CloseEvent) => void) | null
  onerror: ((event: Event) => void) | null
}
