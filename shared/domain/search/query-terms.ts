/**
 * The words of a search query as the word index sees them: each turned into the stems it may take in
 * English or French, stopwords dropped, and the word being typed allowed to start a longer one.
 */
import { isStopword, type Language, PREFIX_MIN, stem, words } from '../text-words.ts'

/** Function words no query means as content in either language (typed operators included). */
const FUNCTION_WORDS = new Set(
  'a an and are for in is not of on or the to with au aux avec dans de des du est et la le les ou sont sur un une'.split(
    ' ',
  ),
)

const TRAILING_SPACE = /[\s\p{P}]$/u
/** Query words beyond this are ignored: a pasted paragraph would only make a slow, empty search. */
export const MAX_TERMS = 64

/** One word of a query: the stems it may take in either language, and whether it may end a longer word. */
export type QueryTerm = { stems: string[]; prefix: boolean }

/** A kept word of a query, folded, and whether it may be the start of a longer word. */
export type QueryWord = { word: string; prefix: boolean }

// Stopwords go unless nothing else is left, so "the deployment" means "deployment" but "the who" still
// searches something. An index that stems with rules of its own (PostgreSQL's) starts from these words.
/** The words of a search query that count, every one of which must match. */
export function queryWords(query: string): QueryWord[] {
  const all = [...new Set(words(query))]
  // A word is dropped as a stopword only when both languages call it one, or when another word of
  // the query shows it is in that language: "car" is a French stopword, but "car insurance" needs it.
  const isDropped = (w: string) => {
    const en = isStopword(w, 'en')
    const fr = isStopword(w, 'fr')
    if ((en && fr) || FUNCTION_WORDS.has(w)) return true
    const lang = en ? 'en' : fr ? 'fr' : undefined
    return lang !== undefined && all.some((other) => other !== w && isStopword(other, lang))
  }
  const content = all.filter((w) => !isDropped(w))
  const kept = (content.length > 0 ? content : all).slice(0, MAX_TERMS)
  const last = words(query).at(-1)
  // As-you-type: the word being typed (no space after it yet) may be the start of a longer one.
  const typing = !TRAILING_SPACE.test(query)
  return kept.map((word) => ({
    word,
    prefix:
      typing &&
      word === last &&
      word.length >= PREFIX_MIN &&
      stemsOf(word).every((s) => s.length >= PREFIX_MIN),
  }))
}

// A query word is stemmed both ways because the query's language is unknown and a page's words were
// stemmed in the page's language; it matches when either stem does.
function stemsOf(word: string): string[] {
  return [...new Set([stem(word, 'en'), stem(word, 'fr')])]
}

/** The terms of a search query, every one of which must match. */
export function queryTerms(query: string): QueryTerm[] {
  return queryWords(query).map(({ word, prefix }) => ({ stems: stemsOf(word), prefix }))
}

/** Which term indices a folded word of a text in `lang` matches, the same way the word index does. */
export function matchingTerms(word: string, terms: QueryTerm[], lang: Language): number[] {
  const s = stem(word, lang)
  const found: number[] = []
  terms.forEach((t, i) => {
    if (t.stems.some((q) => s === q || (t.prefix && s.startsWith(q)))) found.push(i)
  })
  return found
}
