/**
 * What instances sharing one database tell each other about live editing, so that two people on
 * different instances edit one page together: new updates in a document's log (read from the
 * database), presence (cursors and names, passed as they are), a space's tip that moved, a page gone.
 */
export type RelayMessage =
  | { kind: 'update'; docId: number }
  | { kind: 'awareness'; docId: number; update: string }
  | { kind: 'moved'; spaceId: number }
  | { kind: 'gone'; docId: number; note: string | null; moved?: string }
  /** A commit made of a document's text: the people in it on other instances are told, as here. */
  | { kind: 'saved'; docId: number; commit: string; author: string; coauthors: string[]; message: string }

export interface CollabRelay {
  /** Tells the other instances (never this one); best effort, the database stays the record. */
  publish(message: RelayMessage): void
  /** Listens to what the other instances publish; answers how to stop listening. */
  subscribe(listener: (message: RelayMessage) => void): () => void
  close(): Promise<void>
}

/** The relay of an instance alone on its database: there is nobody to tell. */
export const NO_RELAY: CollabRelay = {
  publish: () => {},
  subscribe: () => () => {},
  close: async () => {},
}
