/**
 * From chunks found by meaning to pages: a page is as close as its closest chunk, and chunks too far
 * from the query are not about it at all.
 */

/**
 * Below this cosine similarity a chunk is not "about" the query, for the built-in transformer and
 * providers' models (a model may say otherwise: `Embedder.relevanceFloor`).
 */
export const MEANING_MIN = 0.3

type ChunkHit = { spaceId: number; path: string; score: number }

/** The pages of chunk hits given best first: each page once, at its best chunk, weak chunks dropped. */
export function pagesByMeaning<T extends ChunkHit>(hits: T[], floor = MEANING_MIN): T[] {
  const best = new Map<string, T>()
  for (const hit of hits) {
    if (hit.score < floor) continue
    const key = `${hit.spaceId}:${hit.path}`
    if (!best.has(key)) best.set(key, hit)
  }
  return [...best.values()]
}
