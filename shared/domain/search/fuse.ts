/**
 * Reciprocal rank fusion of the word and meaning rankings: a page's score is the sum over the rankings
 * it appears in of 1 / (K + its rank there), so a page found both ways rises above one found either way.
 */

/** Reciprocal rank fusion constant: large enough that the first few ranks do not drown the rest. */
export const RRF_K = 60

type PageRef = { spaceId: number; path: string }

/** A page in the fused ranking: where it ranked by words and by meaning (from 0), and its hits there. */
export type FusedPage<T, M> = PageRef & {
  text?: T
  textRank?: number
  meaning?: M
  meaningRank?: number
}

/** The fused score of a page from its ranks (0 is best) in the rankings it appears in. */
export function fusedScore(page: { textRank?: number; meaningRank?: number }): number {
  return (
    (page.textRank !== undefined ? 1 / (RRF_K + page.textRank) : 0) +
    (page.meaningRank !== undefined ? 1 / (RRF_K + page.meaningRank) : 0)
  )
}

/** How a page was found: by its words, by meaning, or both. */
export function matchKind(page: { textRank?: number; meaningRank?: number }): 'text' | 'meaning' | 'both' {
  if (page.textRank !== undefined && page.meaningRank !== undefined) return 'both'
  return page.textRank !== undefined ? 'text' : 'meaning'
}

/**
 * The pages of a word ranking and of meaning rankings (one per model, each ranked from 0), each page
 * once, highest fused score first; equal scores keep word hits first, then the meaning order.
 */
export function fuseRankings<T extends PageRef, M extends PageRef>(
  text: T[],
  meaning: M[][],
): FusedPage<T, M>[] {
  const pages = new Map<string, FusedPage<T, M>>()
  const key = (page: PageRef) => `${page.spaceId}:${page.path}`
  for (const [rank, hit] of text.entries()) {
    pages.set(key(hit), { spaceId: hit.spaceId, path: hit.path, text: hit, textRank: rank })
  }
  for (const ranking of meaning) {
    for (const [rank, hit] of ranking.entries()) {
      const k = key(hit)
      const existing = pages.get(k) ?? { spaceId: hit.spaceId, path: hit.path }
      pages.set(k, { ...existing, meaning: hit, meaningRank: rank })
    }
  }
  return [...pages.values()].sort((a, b) => fusedScore(b) - fusedScore(a))
}
