/**
 * Tells what happens to a space's repository within this process: its tip moved (a write, a sync,
 * a push), so that what follows the tip (open live documents) catches up at once.
 */
export interface SpaceEvents {
  moved(spaceId: number): void
  onMoved(listener: (spaceId: number) => void): () => void
}

/** Space events within one process. */
export function localSpaceEvents(): SpaceEvents {
  const listeners = new Set<(spaceId: number) => void>()
  return {
    moved: (spaceId) => {
      for (const listener of listeners) listener(spaceId)
    },
    onMoved: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
