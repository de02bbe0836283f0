/** Scoring a note against every page of the index: a normalised BM25F, plus the vocation's weak say. */
import { baseName, folderOf } from '../links/paths.ts'
import type { Language } from '../text-words.ts'
import { type PageIndex, phrasesOf } from './page-index.ts'
import { countTerms, termsIn, termsOf } from './terms.ts'

/** The terms of a note with how much each counts (idf included) and the sum of them all. */
export type Query = {
  weights: Map<string, number>
  total: number
  distinct: number
  titleTerms: Set<string>
  /**
   * What the note says it is about: its title's terms and the hint's words, but not a hint's folder
   * name ("à ranger dans recettes/" names where, not what).
   */
  ownTitleTerms: Set<string>
  /** Adjacent pairs of the note's title terms: a title is often a phrase the right page uses as is. */
  titlePhrases: string[]
  /**
   * Terms the note writes as names of things: `zipSync`, `SQLite`, `JWT`, `ssh2`. A name that one page
   * holds and another lacks says more than any common word.
   */
  names: Set<string>
}

/** A page's score, how many distinct terms of the note it holds, and how many of the note's title. */
export type Scored = { page: number; score: number; matched: number; titleMatched: number }

// A word of the title says more than one of the body; hint words say the most.
const TITLE_BOOST = 2
const HINT_BOOST = 3
/** How much the vocation's words for a folder add, at most, to its pages: a nudge, never a decision. */
const VOCATION_WEIGHT = 0.25
/**
 * How much naming a page's subject adds: the share of the page's title (by rarity among titles) that
 * the note holds. A title word may be common in bodies ("deploy") yet name one page only.
 */
const TITLE_NAMING_WEIGHT = 0.15
/** People name a note's topic in its title; a page's subject met only in passing in the text counts less. */
const TEXT_NAMING_SHARE = 1 / 3
/** How much a page using the note's title as a phrase ("carte grise", not just "carte") adds, at most. */
const PHRASE_WEIGHT = 0.1

// The share of each page's title the note names, and of the note's title phrases each page uses.
function titleNaming(query: Query, index: PageIndex): Map<number, number> {
  const sums = new Map<number, number>()
  for (const term of query.weights.keys()) {
    const named = index.named.get(term)
    if (!named) continue
    const weight = named.idf * (query.titleTerms.has(term) ? 1 : TEXT_NAMING_SHARE)
    for (const page of named.pages) sums.set(page, (sums.get(page) ?? 0) + weight)
  }
  for (const [page, sum] of sums) sums.set(page, (TITLE_NAMING_WEIGHT * sum) / (index.namedTotal[page] || 1))
  const share = PHRASE_WEIGHT / Math.max(1, query.titlePhrases.length)
  for (const phrase of query.titlePhrases) {
    for (const page of index.phrases.get(phrase) ?? []) sums.set(page, (sums.get(page) ?? 0) + share)
  }
  return sums
}

/**
 * A word written as a name: a capital inside it (camelCase, SQLite, JWT), or letters and digits mixed;
 * three characters at least, so that units and abbreviations (MB, ID, v2) are not taken for names.
 */
const NAME_LIKE = /^(?=.*\p{L})(?=.{3})(?:.*\p{Ll}\p{Lu}|.*\p{Lu}\p{Lu}|.*\p{L}\p{N}|.*\p{N}\p{L})/u

/** Hint words that are not a folder's name: those name where the note goes, not what it is about. */
function withoutFolderNames(hinted: Set<string>, index: PageIndex, lang: Language): string[] {
  if (hinted.size === 0) return []
  const folders = new Set(index.folders.flatMap((folder) => termsOf(baseName(folder), lang)))
  return [...hinted].filter((term) => !folders.has(term))
}

/** The weighted terms of a note (title, text and hint words) against the index's idf. */
export function buildQuery(
  title: string,
  text: string,
  hintWords: string,
  lang: Language,
  index: PageIndex,
): Query {
  const titleTerms = termsIn(title, lang, index.postings)
  const counts = countTerms([...titleTerms, ...titleTerms, ...termsIn(text, lang, index.postings)])
  const hinted = new Set(termsIn(hintWords, lang, index.postings))
  const weights = new Map<string, number>()
  let total = 0
  for (const term of new Set([...counts.keys(), ...hinted])) {
    const count = counts.get(term) ?? 0
    // Repetition helps, but slowly: a long note naming "postgres" ten times is not ten times about it.
    const q = (count > 0 ? 1 + Math.log(count / TITLE_BOOST + 0.5) : 0) + (hinted.has(term) ? HINT_BOOST : 0)
    // Words no page has still count in the total: a note mostly about something new matches weakly.
    const weight = Math.max(q, 0.5) * (index.idf.get(term) ?? index.rareIdf)
    weights.set(term, weight)
    total += weight
  }
  const titlePhrases = [...new Set(phrasesOf(title, lang))]
  const names = new Set<string>()
  for (const token of `${title} ${text} ${hintWords}`.split(/[^\p{L}\p{N}]+/u)) {
    if (NAME_LIKE.test(token)) for (const term of termsIn(token, lang, index.postings)) names.add(term)
  }
  return {
    weights,
    total,
    distinct: weights.size,
    titleTerms: new Set([...titleTerms, ...hinted]),
    ownTitleTerms: new Set([...titleTerms, ...withoutFolderNames(hinted, index, lang)]),
    titlePhrases,
    names,
  }
}

// The score is the share of the note's weight the page holds (a page holding every term of the note in
// its title nears 1), plus the vocation's and the title-naming nudges. `within` limits the pages to a
// folder and its subfolders.
/** Every page the note touches with its score and shared terms, best first, ties broken by path. */
export function scorePages(
  query: Query,
  index: PageIndex,
  vocabulary: ReadonlyMap<string, ReadonlySet<string>>,
  within?: string,
): Scored[] {
  const n = index.pages.length
  const scores = new Float64Array(n)
  const matched = new Uint16Array(n)
  const titleMatched = new Uint16Array(n)
  if (query.total === 0) return []
  for (const [term, weight] of query.weights) {
    const inTitle = query.titleTerms.has(term) ? 1 : 0
    for (const posting of index.postings.get(term) ?? []) {
      scores[posting.page] = (scores[posting.page] ?? 0) + weight * posting.weight
      matched[posting.page] = (matched[posting.page] ?? 0) + 1
      titleMatched[posting.page] = (titleMatched[posting.page] ?? 0) + inTitle
    }
  }
  const bonus = new Map<string, number>()
  for (const [folder, terms] of vocabulary) {
    let sum = 0
    for (const term of terms) sum += query.weights.get(term) ?? 0
    if (sum > 0) bonus.set(folder, (VOCATION_WEIGHT * sum) / query.total)
  }
  const naming = titleNaming(query, index)
  const out: Scored[] = []
  for (let i = 0; i < n; i++) {
    const page = index.pages[i]!
    if (
      within !== undefined &&
      within !== '' &&
      page.folder !== within &&
      !page.folder.startsWith(`${within}/`)
    ) {
      continue
    }
    let extra = 0
    for (let f = page.folder; f !== ''; f = folderOf(f)) {
      extra = Math.max(extra, bonus.get(f) ?? 0)
    }
    const score = (scores[i] ?? 0) / query.total + extra + (naming.get(i) ?? 0)
    if (score > 0 || within !== undefined) {
      out.push({ page: i, score, matched: matched[i] ?? 0, titleMatched: titleMatched[i] ?? 0 })
    }
  }
  return out.sort((a, b) => b.score - a.score || a.page - b.page)
}
