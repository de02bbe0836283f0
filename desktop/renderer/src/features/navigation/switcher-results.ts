import type { PageRef } from './queries.ts'

/** How many pages the switcher lists at most. */
export const SHOWN_LIMIT = 20

/** The key of a page across spaces. */
export function pageKey(page: { org: string; space: string; path: string }): string {
  return `${page.org}/${page.space}/${page.path}`
}

/** Text folded for matching: lower case, accents dropped (`Événement` matches `evene`). */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

/** Whether every word typed is found in the page's title or path. */
export function matchesQuery(page: PageRef, query: string): boolean {
  const words = fold(query).split(/\s+/).filter(Boolean)
  const haystack = fold(`${page.title} ${page.path}`)
  return words.every((word) => haystack.includes(word))
}

/**
 * What the switcher lists for `query`: with nothing typed, the pages viewed lately; else the viewed
 * pages that match first, then the server's answer in its order. `found` may be the answer to an
 * earlier query (`isStale`) while the server works: it is then narrowed to what still matches, so
 * each keystroke shows something at once.
 */
export function switcherItems(
  query: string,
  recent: readonly PageRef[],
  found: readonly PageRef[],
  isStale: boolean,
): PageRef[] {
  const typed = query.trim()
  if (!typed) return recent.slice(0, SHOWN_LIMIT)
  const viewed = recent.filter((page) => matchesQuery(page, typed))
  const seen = new Set(viewed.map(pageKey))
  const rest = (isStale ? found.filter((page) => matchesQuery(page, typed)) : found).filter(
    (page) => !seen.has(pageKey(page)),
  )
  return [...viewed, ...rest].slice(0, SHOWN_LIMIT)
}
