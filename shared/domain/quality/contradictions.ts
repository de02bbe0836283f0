/**
 * Pages that contradict each other on a figure or a date, where it can tell: two sentences of
 * different pages that say the same thing in nearly the same words but with a different number
 * or date ("The on-call rotation has 6 engineers" / "The on-call rotation has 8 engineers").
 * Pure: pages in, pairs out. It misses paraphrases by design: a false alarm costs more than a miss.
 */
import { withoutFrontMatter } from '../front-matter.ts'
import { isStopword, words } from '../text-words.ts'

export type Contradiction = {
  a: { path: string; sentence: string; figure: string }
  b: { path: string; sentence: string; figure: string }
}

type Fact = { path: string; sentence: string; figure: string; key: Set<string> }

const MONTHS =
  'january|february|march|april|may|june|july|august|september|october|november|december|janvier|fevrier|février|mars|avril|mai|juin|juillet|aout|août|septembre|octobre|novembre|decembre|décembre'
/** Dates (ISO, or day month year in English or French) and numbers with their decimals. */
const FIGURE = new RegExp(
  `\\b\\d{4}-\\d{2}-\\d{2}\\b|\\b\\d{1,2}(?:st|nd|rd|th|er)? (?:${MONTHS}) \\d{4}\\b|(?:${MONTHS}) \\d{1,2},? \\d{4}\\b|\\d+(?:[.,]\\d+)*`,
  'giu',
)
/** Fewest shared content words for two sentences to be about the same thing. */
const MIN_KEY = 3
/** How alike the two sentences' words must be, besides the figure (Jaccard index). */
const SAME_CLAIM = 0.75
const FACTS_MAX = 5000

/** The sentences of a page that state exactly one figure, with their words (the figure left out). */
function factsOf(path: string, markdown: string): Fact[] {
  const text = withoutFrontMatter(markdown).replace(/```[\s\S]*?```/g, '')
  const facts: Fact[] = []
  for (const line of text.split('\n')) {
    if (/^\s*#/.test(line)) continue
    const body = line.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '')
    for (const sentence of body.split(/(?<=[.!?;])\s+/)) {
      const figures = sentence.match(FIGURE) ?? []
      if (figures.length !== 1) continue
      const rest = sentence.replace(FIGURE, ' ')
      const key = new Set(words(rest).filter((w) => !/^\d/.test(w) && !isStopword(w)))
      if (key.size >= MIN_KEY)
        facts.push({ path, sentence: sentence.trim(), figure: (figures[0] ?? '').toLowerCase(), key })
    }
  }
  return facts
}

function likeness(a: Set<string>, b: Set<string>): number {
  let shared = 0
  for (const word of a) if (b.has(word)) shared++
  return shared / (a.size + b.size - shared)
}

/** Pairs of sentences of different pages that make the same claim with different figures, at most `limit`. */
export function contradictions(pages: { path: string; markdown: string }[], limit = 50): Contradiction[] {
  const facts = pages.flatMap((p) => factsOf(p.path, p.markdown)).slice(0, FACTS_MAX)
  const found: Contradiction[] = []
  const seen = new Set<string>()
  for (let i = 0; i < facts.length && found.length < limit; i++) {
    const a = facts[i] as Fact
    for (let j = i + 1; j < facts.length && found.length < limit; j++) {
      const b = facts[j] as Fact
      if (a.path === b.path || a.figure === b.figure) continue
      if (likeness(a.key, b.key) < SAME_CLAIM) continue
      const pair = `${a.path}\n${b.path}\n${[...a.key].sort().join(' ')}`
      if (seen.has(pair)) continue
      seen.add(pair)
      found.push({
        a: { path: a.path, sentence: a.sentence, figure: a.figure },
        b: { path: b.path, sentence: b.sentence, figure: b.figure },
      })
    }
  }
  return found
}
