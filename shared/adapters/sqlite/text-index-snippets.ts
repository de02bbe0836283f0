/**
 * The word side of the text index: query words turned into stems and an FTS5 expression, and the lines of
 * a file's original text that best show why it matched.
 */

import type { TextPattern } from '../../domain/text-pattern.ts'
import { foldText, isStopword, type Language, PREFIX_MIN, stem, words } from '../../domain/text-words.ts'
import type { Snippet } from '../../ports/search-index.ts'

/** Function words no query means as content in either language (typed operators included). */
const FUNCTION_WORDS = new Set(
  'a an and are for in is not of on or the to with au aux avec dans de des du est et la le les ou sont sur un une'.split(
    ' ',
  ),
)

/** One word of a query: the stems it may take in either language, and whether it may end a longer word. */
export type QueryTerm = { stems: string[]; prefix: boolean }

const MAX_SNIPPETS = 3
/** Longest snippet line; longer lines are cut around the first match. */
const SNIPPET_CHARS = 200
/** How much of a long line to keep before the first match, for context. */
const LEAD_CHARS = 60
// Original-text words: marks included so a decomposed "é" stays inside its word, as foldText sees it.
const ORIGINAL_WORD = /[\p{L}\p{N}\p{M}]+/gu
const TRAILING_SPACE = /[\s\p{P}]$/u
/** Query words beyond this are ignored: a pasted paragraph would only make a slow, empty search. */
const MAX_TERMS = 64

/** The stems of the words of `text`, in the file's language, as the full-text table stores them. */
export function stemmedText(text: string, lang: Language): string {
  return words(text)
    .map((w) => stem(w, lang))
    .join(' ')
}

// A query word is stemmed both ways because the query's language is unknown and a page's words were
// stemmed in the page's language; it matches when either stem does. Stopwords go unless nothing else is
// left, so "the deployment" means "deployment" but "the who" still searches something.
/** The terms of a search query, every one of which must match. */
export function queryTerms(query: string): QueryTerm[] {
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
  return kept.map((w) => {
    const stems = [...new Set([stem(w, 'en'), stem(w, 'fr')])]
    const prefix =
      typing && w === last && w.length >= PREFIX_MIN && stems.every((s) => s.length >= PREFIX_MIN)
    return { stems, prefix }
  })
}

// Stems are runs of letters and digits, but they are quoted anyway (doubling any quote), so nothing a user
// types (AND, NEAR, *, -, :, parentheses) can reach FTS5 as syntax.
/** The FTS5 MATCH expression requiring every term: `("a" OR "b") AND "c"*`. */
export function ftsExpression(terms: QueryTerm[]): string {
  return terms
    .map((t) => {
      const alternatives = t.stems.map((s) => `"${s.replaceAll('"', '""')}"${t.prefix ? '*' : ''}`)
      return alternatives.length === 1 ? alternatives[0] : `(${alternatives.join(' OR ')})`
    })
    .join(' AND ')
}

// Every stem is its word's start except where English turns -ies/-ied into -y (stories → story), so the
// stem without a final y is a cheap necessary test on the folded line before splitting it into words.
function needle(s: string): string {
  return s.length > 3 && s.endsWith('y') ? s.slice(0, -1) : s
}

/** Which term indices a folded word matches, the same way the full-text table does. */
function matchingTerms(word: string, terms: QueryTerm[], lang: Language): number[] {
  const s = stem(word, lang)
  const found: number[] = []
  terms.forEach((t, i) => {
    if (t.stems.some((q) => s === q || (t.prefix && s.startsWith(q)))) found.push(i)
  })
  return found
}

type LineMatch = { index: number; distinct: number; at: number }

/** Up to three lines of `text` containing query words, those with the most distinct query words first. */
export function wordSnippets(text: string, terms: QueryTerm[], lang: Language): Snippet[] {
  if (terms.length === 0) return []
  const lines = text.split('\n')
  // foldText keeps line breaks, so folded and original lines line up one to one.
  const folded = foldText(text).split('\n')
  const needles = terms.flatMap((t) => t.stems.map(needle))
  const matches: LineMatch[] = []
  for (let i = 0; i < lines.length; i++) {
    if (!needles.some((n) => folded[i]?.includes(n))) continue
    const line = lines[i] ?? ''
    const seen = new Set<number>()
    let at = -1
    for (const m of line.matchAll(ORIGINAL_WORD)) {
      for (const w of words(m[0])) {
        const hit = matchingTerms(w, terms, lang)
        if (hit.length === 0) continue
        if (at < 0) at = m.index
        for (const h of hit) seen.add(h)
      }
    }
    if (seen.size > 0) matches.push({ index: i, distinct: seen.size, at })
  }
  matches.sort((a, b) => b.distinct - a.distinct || a.index - b.index)
  return matches.slice(0, MAX_SNIPPETS).map((m) => snippet(lines, m.index, m.at))
}

/** Up to three lines where `pattern` matches, and how many matches were seen (the file's score). */
export function regexSnippets(text: string, pattern: TextPattern): { snippets: Snippet[]; count: number } {
  // Most files do not match: the quick test spares them the slower search for positions.
  if (!pattern.test(text)) return { snippets: [], count: 0 }
  const lines = text.split('\n')
  const snippets: Snippet[] = []
  let count = 0
  let line = 0
  let lineStart = 0
  for (const index of pattern.matchStarts(text)) {
    count++
    // Matches come in order, so the line number only moves forward.
    while (line < lines.length - 1 && lineStart + (lines[line]?.length ?? 0) < index) {
      lineStart += (lines[line]?.length ?? 0) + 1
      line++
    }
    if (snippets.at(-1)?.line !== line + 1 && snippets.length < MAX_SNIPPETS) {
      snippets.push(snippet(lines, line, index - lineStart))
    }
    // Enough to rank and show; counting further would only cost time on huge texts.
    if (count >= 1000) break
  }
  return { snippets, count }
}

function snippet(lines: string[], index: number, at: number): Snippet {
  const before = index > 0 ? (lines[index - 1] ?? '') : ''
  const after = lines[index + 1] ?? ''
  return {
    line: index + 1,
    text: around(clean(lines[index] ?? ''), at),
    before: tail(clean(before)),
    after: head(clean(after)),
  }
}

// Windows line ends would otherwise leave a carriage return at the end of every line.
function clean(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line
}

function around(line: string, at: number): string {
  if (line.length <= SNIPPET_CHARS) return line
  const start = Math.max(0, Math.min(at - LEAD_CHARS, line.length - SNIPPET_CHARS))
  const end = start + SNIPPET_CHARS
  return `${start > 0 ? '…' : ''}${line.slice(start, end)}${end < line.length ? '…' : ''}`
}

// The neighbouring lines keep the side nearest the snippet line.
function head(line: string): string {
  return line.length <= SNIPPET_CHARS ? line : `${line.slice(0, SNIPPET_CHARS)}…`
}

function tail(line: string): string {
  return line.length <= SNIPPET_CHARS ? line : `…${line.slice(-SNIPPET_CHARS)}`
}
