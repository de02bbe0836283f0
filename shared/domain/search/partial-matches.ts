/**
 * Pages with only some of a query's words. A word search first asks for every word; when no page has
 * them all, the pages with at least half of the words are found instead, those with more words first.
 * So "postgres performance" still finds a page about Postgres that never says "performance", as a
 * search engine would. Only then: a page with some of the words never competes with one that has them
 * all (the fused ranking and the freshness boost would let it pass one), and the look for them, which
 * reads every page with any of the words, is not paid by the searches that found something.
 */

/** How many of a query's `termCount` words a page needs to be found among the partial matches. */
export function wordsNeeded(termCount: number): number {
  return Math.max(1, Math.ceil(termCount / 2))
}

/** Whether a word search of `termCount` words that found `found` pages with all of them looks for partial matches. */
export function wantsPartialMatches(termCount: number, found: number): boolean {
  return termCount > 1 && found === 0
}

type Hit = { spaceId: number; path: string; score: number }

/** A page with some of the words: how many it has, and its score by the index's own ranking. */
export type PartialHit<T extends Hit> = { hit: T; matched: number }

/**
 * The pages with every word, then the partial matches not among them (ordered by the words they have,
 * then by their own score), up to `limit` in all. A partial match's score is brought under the lowest
 * score of the pages with every word, so that ordering by score keeps this order: the words it has set
 * its band, and its own score (mapped below 1) its place within the band.
 */
export function withPartialMatches<T extends Hit>(
  all: T[],
  partial: PartialHit<T>[],
  termCount: number,
  limit: number,
): T[] {
  const seen = new Set(all.map((hit) => `${hit.spaceId}\0${hit.path}`))
  const floor = all.length > 0 ? Math.min(...all.map((hit) => hit.score)) : 1
  const extra = partial
    .filter(({ hit }) => !seen.has(`${hit.spaceId}\0${hit.path}`))
    .sort((a, b) => b.matched - a.matched || b.hit.score - a.hit.score)
    .slice(0, Math.max(0, limit - all.length))
    .map(({ hit, matched }) => {
      const own = Math.max(0, hit.score)
      const band = Math.min(matched, termCount - 1) - 1 + own / (own + 1)
      return { ...hit, score: (floor * band) / termCount }
    })
  return [...all, ...extra]
}
