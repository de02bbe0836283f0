/** The filer's rule for a page clearly ahead by words over whole pages (shares of the note's weight). */
import type { Query, Scored } from './score.ts'

/** A page holding this share of the note's weight takes it if it is APPEND_MARGIN ahead of the next. */
export const APPEND_STRONG = 0.3
export const APPEND_MARGIN = 1.25
/** A page with a lower share still takes it when it is far ahead of every other: CLEAR_MARGIN times. */
export const APPEND_MIN = 0.15
export const CLEAR_MARGIN = 1.8
/** Fewest distinct terms a page must share with the note: one shared word is a coincidence. */
const MIN_SHARED = 2

/**
 * Whether the best page clearly takes the note. Its title must be about the page too: a note whose title
 * words the page never uses ("Crêpes de Mamie" against the apple tart, which shares flour, butter and
 * salt) is a new item of the same kind, not news about that page.
 */
export function isClearMatch(best: Scored, second: Scored | undefined, query: Query): boolean {
  if (best.matched < MIN_SHARED) return false
  if (query.titleTerms.size > 0 && best.titleMatched === 0) return false
  const runnerUp = second?.score ?? 0
  if (best.score >= APPEND_STRONG && best.score >= runnerUp * APPEND_MARGIN) return true
  return best.score >= APPEND_MIN && best.score >= runnerUp * CLEAR_MARGIN
}
