/**
 * Scoring a note against the sections of its candidate pages. A note is news about one part of a page:
 * the page whose one section holds the note's words is a better home than a long page that holds them
 * scattered over many. The sections are the meaning index's chunks, in the same order, so that a
 * section's vector can be found by its place.
 */
import { chunkPage } from '../chunks.ts'
import type { Language } from '../text-words.ts'
import { matchableText, nameWords, pageParts } from './page-text.ts'
import type { Query } from './score.ts'
import { countTerms, termsOf } from './terms.ts'

/** One section of a page: how often each term occurs in it, and how many terms it holds. */
type SectionTerms = { counts: Map<string, number>; length: number }

/** The terms of a page's sections and of its name, computed once per page when first asked for. */
export type PageSections = { sections: SectionTerms[]; named: Set<string> }

/** The best section of a page for a note: its score and its place among the page's sections. */
export type SectionScore = { page: number; score: number; section: number }

// The same weights as the page index: a heading counts twice, the page's own name four times.
const HEADING_WEIGHT = 2
const NAME_WEIGHT = 4
const K1 = 1.2
const B = 0.75
/** A section's usual length in terms: chunks stop at 1,500 characters, about 200 words with stopwords. */
const SECTION_TERMS = 120

/** Cuts a page into the meaning index's chunks and counts the terms of each. */
export function sectionsOfPage(path: string, markdown: string, lang: Language): PageSections {
  const parts = pageParts(path, markdown)
  const named = new Set(termsOf([parts.title, nameWords(path), ...parts.labels].join(' '), lang))
  const sections = chunkPage(path, markdown).map((chunk) => {
    const heading = termsOf(chunk.heading, lang)
    const body = termsOf(matchableText(chunk.text), lang)
    const counts = countTerms(body)
    for (const term of heading) counts.set(term, (counts.get(term) ?? 0) + HEADING_WEIGHT)
    return { counts, length: body.length + heading.length * HEADING_WEIGHT }
  })
  return { sections, named }
}

/** The best section of one page for a note, scored like the page (a share of the note's weight). */
export function bestSection(query: Query, page: number, of: PageSections): SectionScore {
  let best: SectionScore = { page, score: 0, section: -1 }
  if (query.total === 0) return best
  of.sections.forEach((section, k) => {
    const norm = 1 - B + (B * section.length) / SECTION_TERMS
    let sum = 0
    for (const [term, weight] of query.weights) {
      const f = (section.counts.get(term) ?? 0) / norm + (of.named.has(term) ? NAME_WEIGHT : 0)
      if (f > 0) sum += (weight * f) / (f + K1)
    }
    const score = sum / query.total
    if (score > best.score) best = { page, score, section: k }
  })
  return best
}
