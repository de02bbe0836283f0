import type { Embedder } from '../../ports/embedder.ts'

/** Query vectors kept by a process: past this many, the one used longest ago goes. */
export const QUERY_VECTORS_KEPT = 1_000

/** The vectors of recent search queries, so that a repeated query (paging, retyping) skips the model. */
export type QueryVectors = {
  /**
   * The vector of `query` by `embedder`: the one kept from an earlier call with the same model and text,
   * or the model's answer, then kept. A failed embedding is not kept: the next call asks again.
   */
  vectorOf(embedder: Embedder, query: string): Promise<Float32Array | undefined>
  /** How many vectors are kept (answered or on their way). */
  readonly size: number
}

type Kept = { embedder: Embedder; vector: Promise<Float32Array | undefined> }

/**
 * An empty cache of query vectors, bounded by count (least recently used first out). Entries are keyed
 * by the model's id and the query without the spaces around it (which say nothing of its meaning), case
 * kept, since a model may read "US" and "us" apart; an entry answers only the embedder that made it, so
 * organizations with their own provider settings never share one, even for a model of the same name.
 */
export function queryVectors(max = QUERY_VECTORS_KEPT): QueryVectors {
  const kept = new Map<string, Kept>()
  return {
    vectorOf(embedder, query) {
      const text = query.trim()
      const key = `${embedder.id}\u0000${text}`
      const known = kept.get(key)
      if (known?.embedder === embedder) {
        // Moved to the end: the map's order is the order of last use.
        kept.delete(key)
        kept.set(key, known)
        return known.vector
      }
      const vector = embedder.embed([text]).then(([v]) => v)
      const entry = { embedder, vector }
      const forget = () => {
        if (kept.get(key) === entry) kept.delete(key)
      }
      vector.then((v) => v ?? forget(), forget)
      kept.delete(key)
      kept.set(key, entry)
      while (kept.size > max) kept.delete(kept.keys().next().value as string)
      return vector
    },
    get size() {
      return kept.size
    },
  }
}

/** The cache every search of this process shares. */
export const processQueryVectors: QueryVectors = queryVectors()
