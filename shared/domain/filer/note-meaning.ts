/** A note's closeness in meaning to pages, from its vector and the pages' chunk vectors. */
import type { NoteMeaning } from './types.ts'

/** Cosine similarity of two vectors (0 when either has no direction). */
export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0
  let na = 0
  let nb = 0
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!
    const y = b[i] ?? 0
    dot += x * y
    na += x * x
    nb += y * y
  }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0
}

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
