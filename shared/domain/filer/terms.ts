/** The terms the filer matches on: folded, stemmed words without stopwords or noise numbers. */
import { isStopword, type Language, stem, words } from '../text-words.ts'

// Days, months, times and years say when, not what: they would tie a note to any dated page.
const NOISE_NUMBER = /^(?:\d{1,2}|1[89]\d\d|20\d\d|\d{1,2}h\d{0,2}|\d+(?:st|nd|rd|th|er|e|h|min|mn))$/

/** Whether a folded word is worth matching on. */
export function isContentWord(word: string): boolean {
  // Stopwords of both languages: pages and notes mix them (French notes quote English tool names).
  return !isStopword(word) && !NOISE_NUMBER.test(word)
}

/** The matchable terms of a text, in order, repeated as often as they occur. */
export function termsOf(text: string, lang: Language): string[] {
  const out: string[] = []
  for (const word of words(text)) if (isContentWord(word)) out.push(stem(word, lang))
  return out
}

/**
 * The terms of a text as a space's pages spell them: each word stemmed in the text's language, or in the
 * other language when only that stem is known (a French note's « transaction » meets English pages).
 */
export function termsIn(text: string, lang: Language, known: ReadonlyMap<string, unknown>): string[] {
  const other: Language = lang === 'fr' ? 'en' : 'fr'
  const out: string[] = []
  for (const word of words(text)) {
    if (!isContentWord(word)) continue
    const own = stem(word, lang)
    if (known.has(own)) out.push(own)
    else {
      const theirs = stem(word, other)
      out.push(known.has(theirs) ? theirs : own)
    }
  }
  return out
}

/** How often each term occurs. */
export function countTerms(terms: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const t of terms) counts.set(t, (counts.get(t) ?? 0) + 1)
  return counts
}
