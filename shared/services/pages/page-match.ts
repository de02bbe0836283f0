import { foldText } from '../../domain/text-words.ts'

/**
 * How the quick switcher matches a typed query against page titles and paths, as editors' quick-open
 * does: case and accents ignored, words matched at the start of words, and a looser match of the
 * letters in order. Pure: the folded forms are worked out once per page and kept.
 */

const WORD = /[\p{L}\p{N}]+/gu

/** A page as the switcher compares it: its title and path, and their folded forms. */
export type MatchablePage = {
  path: string
  title: string
  /** The folded title, its words on single spaces. */
  folded: string
  /** The folded title's words, each after a space: a word starts a title word where ` word` is found. */
  titleStarts: string
  /** The same of the path's words. */
  pathStarts: string
  /** The folded title's letters and digits alone, for the looser match. */
  letters: string
}

/** How well a page matches, best first. */
export const RANKS = {
  exactTitle: 0,
  titlePrefix: 1,
  titleWords: 2,
  pathWords: 3,
  lettersInOrder: 4,
} as const

export type Rank = (typeof RANKS)[keyof typeof RANKS]

/** The words of a folded text. */
function wordsOf(folded: string): string[] {
  return folded.match(WORD) ?? []
}

/** A page with its folded forms, to keep and match many times. */
export function matchable(path: string, title: string): MatchablePage {
  const titleWords = wordsOf(foldText(title))
  const folded = titleWords.join(' ')
  return {
    path,
    title,
    folded,
    titleStarts: ` ${folded}`,
    pathStarts: ` ${wordsOf(foldText(path)).join(' ')}`,
    letters: titleWords.join(''),
  }
}

/**
 * A query made ready to match: its folded form, its words each after a space (the form they are
 * looked for in), and its letters; no words for a query of no letters nor digits.
 */
export type PreparedQuery = { folded: string; words: string[]; starts: string[]; letters: string }

export function prepareQuery(q: string): PreparedQuery {
  const words = wordsOf(foldText(q))
  return { folded: words.join(' '), words, starts: words.map((w) => ` ${w}`), letters: words.join('') }
}

/** Whether every query word starts a word of `haystack` (words each after a space). */
function startsWords(starts: string[], haystack: string): boolean {
  for (const start of starts) if (!haystack.includes(start)) return false
  return true
}

/** Whether every query word starts a word of the title or of the path. */
function startsWordsOfEither(starts: string[], page: MatchablePage): boolean {
  for (const start of starts)
    if (!page.titleStarts.includes(start) && !page.pathStarts.includes(start)) return false
  return true
}

/** Whether `needle`'s characters appear in `haystack` in the same order. */
function isSubsequence(needle: string, haystack: string): boolean {
  let at = 0
  for (let i = 0; i < needle.length; i++) {
    at = haystack.indexOf(needle.charAt(i), at)
    if (at === -1) return false
    at++
  }
  return true
}

/** How a page matches a query (a query with words), or undefined when it does not. */
export function rankOf(page: MatchablePage, query: PreparedQuery): Rank | undefined {
  if (page.folded === query.folded) return RANKS.exactTitle
  if (page.folded.startsWith(query.folded)) return RANKS.titlePrefix
  if (startsWords(query.starts, page.titleStarts)) return RANKS.titleWords
  if (startsWordsOfEither(query.starts, page)) return RANKS.pathWords
  if (isSubsequence(query.letters, page.letters)) return RANKS.lettersInOrder
  return undefined
}

/** Two pages of the same rank: the shorter title first, then by path. */
export function compareTies(a: MatchablePage, b: MatchablePage): number {
  return a.title.length - b.title.length || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)
}

/** Two pages by title (folded), then by path: the order of a list nobody has typed into yet. */
export function compareTitles(a: MatchablePage, b: MatchablePage): number {
  if (a.folded !== b.folded) return a.folded < b.folded ? -1 : 1
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0
}

/**
 * The best `limit` items in order, kept while the items go by: a list of at most `limit`, so ten
 * thousand matches cost ten thousand comparisons with the last kept rather than a sort of them all.
 */
export function bestOf<T>(items: Iterable<T>, limit: number, compare: (a: T, b: T) => number): T[] {
  const kept: T[] = []
  for (const item of items) {
    if (kept.length === limit && compare(item, kept[kept.length - 1] as T) >= 0) continue
    let low = 0
    let high = kept.length
    while (low < high) {
      const mid = (low + high) >> 1
      if (compare(item, kept[mid] as T) < 0) high = mid
      else low = mid + 1
    }
    kept.splice(low, 0, item)
    if (kept.length > limit) kept.pop()
  }
  return kept
}
