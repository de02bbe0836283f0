/** A note's closeness in meaning to pages, from its vector and the pages' chunk vectors. */
import { cosine } from '../cosine.ts'
import type { NoteMeaning } from './types.ts'

/**
 * The note's similarity to each chunk of each page measured, and the pages nearest in meaning: those
 * given (from the space's whole index) or, without them, the pages measured, closest first.
 */
export function noteMeaning(
  note: Float32Array,
  pages: ReadonlyMap<string, readonly Float32Array[]>,
  nearest?: readonly string[],
): NoteMeaning {
  const chunks = new Map<string, number[]>()
  for (const [path, vectors] of pages) {
    if (vectors.length > 0)
      chunks.set(
        path,
        vectors.map((v) => cosine(note, v)),
      )
  }
  const closest =
    nearest ??
    [...chunks]
      .map(([path, scores]) => ({ path, best: Math.max(...scores) }))
      .sort((a, b) => b.best - a.best || (a.path < b.path ? -1 : 1))
      .map((p) => p.path)
  return { chunks, nearest: closest }
}
