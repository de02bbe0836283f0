/**
 * One file a pushed commit adds, changes or removes against its first parent, as Git's own tools
 * list it: the file itself is not read.
 */
export type IncomingChange = {
  commit: string
  /** The path from the repository root; bytes that are not UTF-8 read as U+FFFD. */
  path: string
  /** The new blob's size in bytes, from its object header; null when the commit removes the path. */
  size: number | null
}

/**
 * The objects a push sent, received beside the repository rather than in it: reads of the
 * repository find them only once admitted, and a refused push leaves none of them behind.
 */
export interface IncomingObjects {
  /**
   * The files changed by the pushed commits leading to `tips` that the repository does not hold
   * yet, oldest commit first; readable before the objects are admitted.
   */
  changes(tips: string[]): Promise<IncomingChange[]>
  /** Puts the objects in the repository (durably), where its reads find them. */
  admit(): Promise<void>
  /** Removes the objects, admitted or not: the push they came with was refused. */
  discard(): Promise<void>
}

/** A push that sent no objects (it only deletes refs, or points one at a commit already there). */
export const NO_INCOMING_OBJECTS: IncomingObjects = {
  changes: async () => [],
  admit: async () => {},
  discard: async () => {},
}
