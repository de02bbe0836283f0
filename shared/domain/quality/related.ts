/**
 * Pages related to a page, from several signals: meaning (embeddings), shared words (TF-IDF), links in
 * either direction, links in common, and the folder. Each signal gives a contribution in 0..1 and they are
 * combined as a probabilistic OR, 1 − Π(1 − c): one strong signal is enough, weak ones add up, and the
 * score never passes 1.
 */
import { matchableText } from '../filer/page-text.ts'
import { countTerms, termsOf } from '../filer/terms.ts'
import { splitFrontMatter } from '../front-matter.ts'
import { folderOf } from '../links/paths.ts'
import { detectLanguage } from '../text-words.ts'

export type RelatedReason = 'meaning' | 'words' | 'backlink' | 'link' | 'shared' | 'folder'

export type Related = {
  path: string
  title: string
  /** 0..1, rounded to three decimals. */
  score: number
  reason: RelatedReason
  /** The strongest signal and every other contributing at least 0.1, strongest first. */
  reasons: RelatedReason[]
  /** The main reason in plain words, in the locale. */
  label: string
  /** This page already links to it. */
  linked: boolean
}

export type RelatedPage = { path: string; title: string; words: Map<string, number>; links: string[] }

export type RelatedInput = {
  page: string
  pages: RelatedPage[]
  /** Cosine similarity of other pages to this page, from embeddings; absent without a meaning index. */
  meaning?: Map<string, number>
  limit: number
  locale: 'en' | 'fr'
}

// The most each signal contributes. Meaning and words say what a page is about; a link says the author
// saw a relation; links in common say the same, less directly; a folder only says where a page was put,
// so alone it stays below MIN_SCORE and only helps another signal.
const WEIGHT: Record<RelatedReason, number> = {
  meaning: 0.9,
  words: 0.8,
  backlink: 0.5,
  link: 0.45,
  shared: 0.5,
  folder: 0.1,
}
// Embedding cosines of unrelated texts are rarely near 0 (search treats below 0.3 as not about the
// query), and a TF-IDF cosine of 0.5 between whole pages is already a close match: both are rescaled.
const MEANING_FLOOR = 0.3
const MEANING_FULL = 0.7
const WORDS_FULL = 0.5
/** A page linking to more pages than this (an index) says less about each: its weight shrinks as √(n). */
const HUB_LINKS = 10
const MIN_SCORE = 0.2
/** A signal contributing less than this still adds to the score, but is too weak to give as a reason. */
const MIN_REASON = 0.1
const ORDER: RelatedReason[] = ['meaning', 'words', 'backlink', 'link', 'shared', 'folder']

const LABELS: Record<'en' | 'fr', Record<RelatedReason, string>> = {
  en: {
    meaning: 'Same topic',
    words: 'Shares many words',
    backlink: 'Cites this page',
    link: 'Linked from this page',
    shared: 'Shares links with this page',
    folder: 'In the same folder',
  },
  fr: {
    meaning: 'Même sujet',
    words: 'Beaucoup de mots en commun',
    backlink: 'Cite cette page',
    link: 'Lien depuis cette page',
    shared: 'Liens en commun',
    folder: 'Dans le même dossier',
  },
}

const clamp = (value: number): number => Math.min(1, Math.max(0, value))
const hub = (links: number): number => Math.min(1, Math.sqrt(HUB_LINKS / Math.max(1, links)))

/** The term frequencies of a page (title, tags, aliases and text): folded, stemmed, without stopwords. */
export function termFrequencies(markdown: string): Map<string, number> {
  const { data, body } = splitFrontMatter(markdown)
  return pageTermFrequencies(data, body)
}

/** `termFrequencies` of a page whose front matter is read already. */
export function pageTermFrequencies(front: Record<string, unknown>, body: string): Map<string, number> {
  const labels = [front.title, front.tags, front.aliases]
    .flat()
    .filter((v): v is string => typeof v === 'string')
  const text = `${labels.join('\n')}\n${matchableText(body)}`
  return countTerms(termsOf(text, detectLanguage(text)))
}

/** Term counts as the index keeps them: pairs of term and count, in JSON. */
export function encodeTerms(words: Map<string, number>): string {
  return JSON.stringify([...words])
}

/** The counts `encodeTerms` wrote; undefined for anything else (the page's text is counted again). */
export function decodeTerms(encoded: string): Map<string, number> | undefined {
  try {
    const pairs: unknown = JSON.parse(encoded)
    if (!Array.isArray(pairs)) return undefined
    const words = new Map<string, number>()
    for (const pair of pairs) {
      if (!Array.isArray(pair) || typeof pair[0] !== 'string' || typeof pair[1] !== 'number') return undefined
      words.set(pair[0], pair[1])
    }
    return words
  } catch {
    return undefined
  }
}

/**
 * TF-IDF weights (sublinear tf, smoothed idf) of every page: for each term, its idf and the pages
 * holding it with their weight, so a page's cosines with all the others add up only over the pages
 * sharing a term with it; and each page's norm.
 */
function tfidf(pages: RelatedPage[]): Pick<RelatedGraph, 'norms' | 'postings'> {
  const df = new Map<string, number>()
  for (const page of pages) for (const term of page.words.keys()) df.set(term, (df.get(term) ?? 0) + 1)
  // ln((N + 1) / df): a term on every page counts almost nothing, yet no weight is zero or infinite.
  const n = pages.length
  const postings = new Map<string, Posting>()
  for (const [term, count] of df)
    postings.set(term, { idf: Math.log((n + 1) / count), pages: [], weights: [] })
  const norms = new Float64Array(n)
  pages.forEach((page, index) => {
    let sum = 0
    for (const [term, tf] of page.words) {
      if (tf <= 0) continue
      const list = postings.get(term)!
      const weight = termWeight(tf, list)
      sum += weight * weight
      list.pages.push(index)
      list.weights.push(weight)
    }
    norms[index] = Math.sqrt(sum)
  })
  return { norms, postings }
}

/** A term's idf, and the pages holding it with their weight for it. */
type Posting = { idf: number; pages: number[]; weights: number[] }

const termWeight = (tf: number, posting: Posting): number => (1 + Math.log(tf)) * posting.idf

/** Outgoing links of each page (distinct, not to itself) and the pages citing each target. */
function graph(pages: RelatedPage[]): { out: Map<string, Set<string>>; citing: Map<string, string[]> } {
  const out = new Map<string, Set<string>>()
  const citing = new Map<string, string[]>()
  for (const page of pages) {
    const targets = new Set(page.links.filter((target) => target !== page.path))
    out.set(page.path, targets)
    for (const target of targets) {
      const list = citing.get(target)
      if (list) list.push(page.path)
      else citing.set(target, [page.path])
    }
  }
  return { out, citing }
}

/**
 * How much each page shares in links with `self`: targets both cite (each worth less the more pages cite
 * it) and pages citing both (each worth less the more pages it cites), so a hub relates nobody.
 */
function sharedLinks(
  self: string,
  out: Map<string, Set<string>>,
  citing: Map<string, string[]>,
): Map<string, number> {
  const sums = new Map<string, number>()
  const add = (path: string, value: number) => {
    if (path !== self) sums.set(path, (sums.get(path) ?? 0) + value)
  }
  for (const target of out.get(self) ?? []) {
    const others = citing.get(target) ?? []
    for (const other of others) if (other !== target) add(other, 1 / Math.max(1, others.length - 1))
  }
  for (const citer of citing.get(self) ?? []) {
    const targets = out.get(citer) ?? new Set<string>()
    for (const target of targets) if (target !== citer) add(target, 1 / Math.max(1, targets.size - 1))
  }
  return sums
}

/**
 * What related pages are computed from, for every page of a space at once: their TF-IDF vectors and
 * their link graph. It depends only on the pages, so it is kept while they stay the same: each page's
 * related pages are then one pass over the pages, not the whole computation again.
 */
export type RelatedGraph = {
  pages: RelatedPage[]
  /** Each page's index in `pages`. */
  at: Map<string, number>
  /** The norm of each page's TF-IDF weights, by index. */
  norms: Float64Array
  /** For each term, its idf and the pages holding it with their weight for it. */
  postings: Map<string, Posting>
  out: Map<string, Set<string>>
  citing: Map<string, string[]>
}

export function relatedGraph(pages: RelatedPage[]): RelatedGraph {
  const at = new Map(pages.map((page, index) => [page.path, index]))
  return { pages, at, ...tfidf(pages), ...graph(pages) }
}

/** The pages most related to a page, best first, at most `limit` (1 to 20), none scoring below 0.2. */
export function relatedPages(input: RelatedInput): Related[] {
  return relatedIn(relatedGraph(input.pages), input)
}

/** `relatedPages` over a graph made once for the space's pages. */
export function relatedIn(graph: RelatedGraph, input: Omit<RelatedInput, 'pages'>): Related[] {
  const { pages, at, norms, postings, out, citing } = graph
  const mine = at.get(input.page)
  if (mine === undefined) return []
  const self = pages[mine]!
  const shared = sharedLinks(self.path, out, citing)
  const myLinks = out.get(self.path) ?? new Set<string>()
  const folder = folderOf(self.path)
  const labels = LABELS[input.locale]
  // The dot products with every page sharing a term; a page sharing none has a cosine of 0.
  const dots = new Float64Array(pages.length)
  for (const [term, tf] of self.words) {
    if (tf <= 0) continue
    const list = postings.get(term)!
    const weight = termWeight(tf, list)
    for (let k = 0; k < list.pages.length; k++) {
      const page = list.pages[k]!
      dots[page] = dots[page]! + weight * list.weights[k]!
    }
  }
  // A page scores MIN_SCORE only with a signal besides the folder (whose weight is below it): the pages
  // looked at are those with one, not every page of the space.
  const signalled = new Set<number>()
  for (const path of [
    ...(input.meaning?.keys() ?? []),
    ...myLinks,
    ...(citing.get(self.path) ?? []),
    ...shared.keys(),
  ]) {
    const index = at.get(path)
    if (index !== undefined) signalled.add(index)
  }
  const candidates = new Set(signalled)
  for (let index = 0; index < pages.length; index++) if (dots[index]! > 0) candidates.add(index)
  candidates.delete(mine)

  const found: Related[] = []
  for (const index of candidates) {
    const page = pages[index]!
    const cosine = norms[mine]! > 0 && norms[index]! > 0 ? dots[index]! / (norms[mine]! * norms[index]!) : 0
    // Shared words alone, even in the same folder, too few to score MIN_SCORE: as most pages of a space.
    const wordsAlone = 1 - (1 - WEIGHT.words * clamp(cosine / WORDS_FULL)) * (1 - WEIGHT.folder)
    if (!signalled.has(index) && wordsAlone < MIN_SCORE) continue
    const meaning = input.meaning?.get(page.path)
    const theirLinks = out.get(page.path)
    const strength: Record<RelatedReason, number> = {
      meaning: meaning === undefined ? 0 : clamp((meaning - MEANING_FLOOR) / (MEANING_FULL - MEANING_FLOOR)),
      words: clamp(cosine / WORDS_FULL),
      backlink: theirLinks?.has(self.path) ? hub(theirLinks.size) : 0,
      link: myLinks.has(page.path) ? hub(myLinks.size) : 0,
      shared: clamp(shared.get(page.path) ?? 0),
      // Pages at the root share no folder: the root holds whatever was not filed.
      folder: folder !== '' && folderOf(page.path) === folder ? 1 : 0,
    }
    let rest = 1
    for (const reason of ORDER) rest *= 1 - WEIGHT[reason] * strength[reason]
    const score = 1 - rest
    // Most pages of a large space end here: nothing more is made for them.
    if (score < MIN_SCORE) continue
    const contributions = ORDER.map((reason) => ({ reason, value: WEIGHT[reason] * strength[reason] }))
    // Strongest first; equal contributions keep the fixed order of ORDER (the sort is stable). The strongest
    // is always given, so that weak signals adding up past MIN_SCORE still have a reason.
    const reasons = contributions
      .sort((a, b) => b.value - a.value)
      .filter((c, index) => index === 0 || c.value >= MIN_REASON)
      .map((c) => c.reason)
    const reason = reasons[0] ?? 'folder'
    found.push({
      path: page.path,
      title: page.title,
      score: Math.round(score * 1000) / 1000,
      reason,
      reasons,
      label: labels[reason],
      linked: myLinks.has(page.path),
    })
  }
  const limit = Math.min(20, Math.max(1, Math.floor(input.limit)))
  found.sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
  return found.slice(0, limit)
}
