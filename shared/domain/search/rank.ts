/**
 * The order of search hits: how much a word weighs in a title against the text, and how hits and
 * results are ordered once scored (higher scores first).
 */

/** Word-index weight of the title: a word in the title counts five times one in the text. */
export const TITLE_WEIGHT = 5
/** Word-index weight of the text. */
export const BODY_WEIGHT = 1

/** Hits best first (highest score); equal scores keep the order they came in. */
export function bestFirst<T extends { score: number }>(hits: T[]): T[] {
  return hits.sort((a, b) => b.score - a.score)
}

/** Orders final results: highest score first, then by path so equal scores read the same every time. */
export function compareResults(
  a: { score: number; path: string },
  b: { score: number; path: string },
): number {
  return b.score - a.score || (a.path < b.path ? -1 : 1)
}
