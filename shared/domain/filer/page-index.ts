/** The index of a space's pages that the filer scores notes against: built once, reused for every note. */
import { folderOf } from '../links/paths.ts'
import { foldText, guessLanguage, type Language } from '../text-words.ts'
import { matchableText, nameWords, pageParts } from './page-text.ts'
import { type PageSections, sectionsOfPage } from './section-scores.ts'
import { countTerms, termsOf } from './terms.ts'
import type { FilerPage } from './types.ts'

export type IndexedPage = { path: string; folder: string; title: string; language: Language; crlf: boolean }

/** One page holding a term; `weight` is the page's saturated, field-weighted frequency of it (ONE_MENTION for one). */
export type Posting = { page: number; weight: number }

export type PageIndex = {
  /** Sorted by path, so that every tie breaks the same way. */
  pages: IndexedPage[]
  postings: ReadonlyMap<string, Posting[]>
  idf: ReadonlyMap<string, number>
  /** Pages whose title, file name or labels hold a term, with the term's rarity among those names. */
  named: ReadonlyMap<string, { pages: number[]; idf: number }>
  /** Per page, the summed rarity of its name terms: how much a note naming it fully would match. */
  namedTotal: number[]
  /** Pages holding each pair of adjacent terms ("carte grise", "rate limits"), within a line. */
  phrases: ReadonlyMap<string, number[]>
  /** The idf of a term on a single page: what a term no page has is worth. */
  rareIdf: number
  /** Every folder holding a page, with its ancestors, sorted; the root ('') is not listed. */
  folders: string[]
  /** How many pages each folder holds directly ('' for the root). */
  folderSizes: ReadonlyMap<string, number>
  /** The language most pages are written in. */
  language: Language
  /** Lookups for hints, by folded path (no '.md'), folded folder, folded title or file name. */
  pageByPath: ReadonlyMap<string, number>
  folderByPath: ReadonlyMap<string, string>
  pagesByName: ReadonlyMap<string, number[]>
  /** Folded paths of every page, for new names that must not collide even by case. */
  takenPaths: ReadonlySet<string>
  /** A page's sections (the meaning index's chunks) with their terms, cut when first asked for. */
  sectionsOf(page: number): PageSections
  /**
   * How many pages head a section with each term: "usage", "options", "description" head sections
   * of many pages, and name a kind of section rather than a subject.
   */
  headingPages: ReadonlyMap<string, number>
}

// BM25F: a word in the title or the folder name says more about the page than one in its body.
const TITLE_WEIGHT = 4
const FOLDER_WEIGHT = 2
const HEADING_WEIGHT = 2
/**
 * How slowly a term's weight saturates with its frequency, and how fully a page's length is discounted.
 * A page using the note's words often says more than one using them once each, and a long page holds
 * many words once by its length alone: with BM25's usual 1.2 and 0.75, long generic pages (a manual's
 * overview, a README of every option) ranked first for notes about another page. K1 and B were set on
 * the looked-at half of the leave-one-section-out corpora (shared/testing/filer-eval): the right page
 * ranks first for 124 of 149 notes there instead of 119 (held out: 111 of 151 instead of 107). A larger
 * K1 ranked a few more first there but misfiled notes of the fixture wikis (carte grise, from 3 on).
 */
const K1 = 2
const B = 1
/**
 * What one mention of a term weighs in a page of the average length: the scale the thresholds of
 * clear-match.ts and confidence.ts were set on (BM25's 1 / (1 + 1.2)), whatever K1.
 */
const ONE_MENTION = 1 / 2.2

/** The folded key a path or folder is looked up by: no accents, no case, no '.md'. */
export function pathKey(path: string): string {
  return foldText(path).replace(/\.md$/, '')
}

// Folding never looks across a line break and a term is a run of letters and digits, so the lines' terms,
// in order, are the text's terms.
/** The terms of each line of a text. */
function lineTerms(text: string, lang: Language): string[][] {
  return text.split(/\r?\n/).map((line) => termsOf(line, lang))
}

/** Pairs of adjacent terms within each line, as 'first second'. */
function phrasesIn(lines: readonly string[][]): string[] {
  const out: string[] = []
  for (const terms of lines) {
    for (let i = 1; i < terms.length; i++) out.push(`${terms[i - 1]} ${terms[i]}`)
  }
  return out
}

/** Pairs of adjacent terms within each line of a text, as 'first second'. */
export function phrasesOf(text: string, lang: Language): string[] {
  return phrasesIn(lineTerms(text, lang))
}

/** Inverse document frequency, BM25 style (never negative). */
export function idfOf(pageCount: number, docFrequency: number): number {
  return Math.log(1 + (pageCount - docFrequency + 0.5) / (docFrequency + 0.5))
}

type Fields = { body: Map<string, number>; length: number; named: Set<string> }

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}

function languages(bodies: string[]): Language[] {
  const guesses = bodies.map(guessLanguage)
  const fr = guesses.filter((guess) => guess === 'fr').length
  const en = guesses.filter((guess) => guess === 'en').length
  const dominant: Language = fr > en ? 'fr' : 'en'
  // A page too short to tell (a list of numbers, a recipe) is taken to be in the space's language.
  return guesses.map((guess) => guess ?? dominant)
}

/** Indexes pages for planFiling: terms by field, BM25F weights, and lookups for hints. */
export function buildIndex(pages: readonly FilerPage[]): PageIndex {
  const sorted = [...pages].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
  const parts = sorted.map((p) => pageParts(p.path, p.text))
  const langs = languages(parts.map((p) => p.body.slice(0, 4000)))
  const indexed: IndexedPage[] = []
  const fields: Fields[] = []
  const folders = new Set<string>()
  const folderSizes = new Map<string, number>()
  const pageByPath = new Map<string, number>()
  const folderByPath = new Map<string, string>()
  const pagesByName = new Map<string, number[]>()
  const takenPaths = new Set<string>()
  const phrases = new Map<string, number[]>()
  const headingPages = new Map<string, number>()
  sorted.forEach((page, i) => {
    const { title, labels, body, h1, sectionHeadings } = parts[i]!
    const lang = langs[i]!
    const folder = folderOf(page.path)
    folderSizes.set(folder, (folderSizes.get(folder) ?? 0) + 1)
    indexed.push({ path: page.path, folder, title, language: lang, crlf: page.text.includes('\r\n') })
    // Read line by line once, for the body's terms and for the phrases on each of its lines.
    const bodyLines = lineTerms(matchableText(body), lang)
    const bodyTerms = bodyLines.flat()
    const counts = countTerms(bodyTerms)
    // Section headings sum up what the sections say: their words count HEADING_WEIGHT times more.
    const sectionTerms = termsOf(sectionHeadings, lang)
    for (const term of [...termsOf(h1, lang), ...sectionTerms]) {
      counts.set(term, (counts.get(term) ?? 0) + HEADING_WEIGHT - 1)
    }
    for (const term of new Set(sectionTerms)) headingPages.set(term, (headingPages.get(term) ?? 0) + 1)
    const named = new Set(termsOf([title, nameWords(page.path), ...labels].join(' '), lang))
    // Names carry versions ("better-sqlite3", "ssh2", "argon2"): a note names them without the digits.
    for (const term of [...named]) {
      const letters = /^(\p{L}{3,})\d+$/u.exec(term)?.[1]
      if (letters) for (const bare of termsOf(letters, lang)) named.add(bare)
    }
    fields.push({ body: counts, length: bodyTerms.length, named })
    for (const phrase of new Set([...phrasesOf(title, lang), ...phrasesIn(bodyLines)]))
      pushTo(phrases, phrase, i)
    for (let f = folder; f !== ''; f = folderOf(f)) {
      folders.add(f)
      if (!folderByPath.has(pathKey(f))) folderByPath.set(pathKey(f), f)
    }
    if (!pageByPath.has(pathKey(page.path))) pageByPath.set(pathKey(page.path), i)
    takenPaths.add(foldText(page.path))
    for (const name of new Set([foldText(title).trim(), foldText(nameWords(page.path))])) {
      if (name) pushTo(pagesByName, name, i)
    }
  })
  const folderTerms = new Map<string, Set<string>>()
  const termsOfFolder = (folder: string, lang: Language): Set<string> => {
    const key = `${lang}:${folder}`
    let found = folderTerms.get(key)
    if (!found) {
      found = new Set(termsOf(folder.replace(/\//g, ' '), lang))
      folderTerms.set(key, found)
    }
    return found
  }
  const averageLength = fields.reduce((sum, f) => sum + f.length, 0) / Math.max(1, fields.length) || 1
  const postings = new Map<string, Posting[]>()
  indexed.forEach((page, i) => {
    const { body, length, named } = fields[i]!
    const inFolder = termsOfFolder(page.folder, page.language)
    const norm = 1 - B + (B * length) / averageLength
    for (const term of new Set([...body.keys(), ...named, ...inFolder])) {
      const weighted =
        (body.get(term) ?? 0) / norm +
        (named.has(term) ? TITLE_WEIGHT : 0) +
        (inFolder.has(term) ? FOLDER_WEIGHT : 0)
      pushTo(postings, term, { page: i, weight: (ONE_MENTION * weighted * (K1 + 1)) / (weighted + K1) })
    }
  })
  const idf = new Map<string, number>()
  for (const [term, list] of postings) idf.set(term, idfOf(indexed.length, list.length))
  const namedPages = new Map<string, number[]>()
  fields.forEach((f, i) => {
    for (const term of f.named) pushTo(namedPages, term, i)
  })
  const named = new Map<string, { pages: number[]; idf: number }>()
  const namedTotal = fields.map(() => 0)
  for (const [term, list] of namedPages) {
    const rarity = idfOf(indexed.length, list.length)
    named.set(term, { pages: list, idf: rarity })
    for (const i of list) namedTotal[i]! += rarity
  }
  const langCount = langs.filter((l) => l === 'fr').length
  // Only the few pages a note could go to are ever cut into sections: kept once cut.
  const sections = new Map<number, PageSections>()
  const sectionsOf = (page: number): PageSections => {
    let found = sections.get(page)
    if (!found) {
      found = sectionsOfPage(sorted[page]!.path, sorted[page]!.text, langs[page]!)
      sections.set(page, found)
    }
    return found
  }
  return {
    pages: indexed,
    postings,
    idf,
    named,
    namedTotal,
    phrases,
    rareIdf: idfOf(indexed.length, 1),
    folders: [...folders].sort(),
    folderSizes,
    language: langCount * 2 > langs.length ? 'fr' : 'en',
    pageByPath,
    folderByPath,
    pagesByName,
    takenPaths,
    sectionsOf,
    headingPages,
  }
}
