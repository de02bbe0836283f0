/**
 * The objects a push sent, received beside the repository rather than in it: reads of the
 * repository find them only once admitted, and a refused push leaves none of them behind.
 */
export interface IncomingObjects {
  /** Puts the objects in the repository (durably), where its reads find them. */
  admit(): Promise<void>
  /** Removes the objects, admitted or not: the push they came with was refused. */
  discard(): Promise<void>
}

/** A push that sent no objects (it only deletes refs, or points one at a commit already there). */
export const NO_INCOMING_OBJECTS: IncomingObjects = {
  admit: async () => {},
  discard: async () => {},
}
