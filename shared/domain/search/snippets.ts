/**
 * The lines of a file shown under a search hit: up to three, each with its line number and the lines
 * around it, long lines cut around the match. Word, pattern and meaning hits each pick their lines here.
 */
import { HEADING_SEPARATOR } from '../chunks.ts'
import type { TextPattern } from '../text-pattern.ts'
import { foldText, type Language, words } from '../text-words.ts'
import { plainLine, plainPosition, proseLines } from './plain-line.ts'
import { matchingTerms, type QueryTerm } from './query-terms.ts'

/** One line of a hit (numbered from 1) and its neighbours, as shown in the results. */
export type Snippet = { line: number; text: string; before: string; after: string }

/** Most snippets a hit carries. */
export const MAX_SNIPPETS = 3
/** Longest snippet line; longer lines are cut around the first match. */
export const SNIPPET_CHARS = 200
/** How much of a long line to keep before the first match, for context. */
const LEAD_CHARS = 60
/** Matches counted in one file: enough to rank and show; counting further only costs time on huge texts. */
export const MAX_PATTERN_MATCHES = 1000
// Original-text words: marks included so a decomposed "é" stays inside its word, as foldText sees it.
const ORIGINAL_WORD = /[\p{L}\p{N}\p{M}]+/gu
const HEADING_LINE = /^#{1,6}\s/
// Printable ASCII, tabs and carriage returns: a line of other control characters takes the long way.
const ASCII = /^[\t\r -~]*$/
// The words `words` keeps from folded ASCII: runs of letters and digits, two characters or more.
const ASCII_WORD = /[a-z0-9]{2,}/g

// Every stem is its word's start except where English turns -ies/-ied into -y (stories → story), so the
// stem without a final y is a cheap necessary test on the folded line before splitting it into words.
function needle(s: string): string {
  return s.length > 3 && s.endsWith('y') ? s.slice(0, -1) : s
}

type LineMatch = { index: number; distinct: number; at: number }

/**
 * Up to three lines of `text` containing query words, those with the most distinct query words first;
 * a Markdown page's lines shown as read (see plainLine).
 */
export function wordSnippets(
  text: string,
  terms: QueryTerm[],
  lang: Language,
  isMarkdown = false,
): Snippet[] {
  if (terms.length === 0) return []
  const lines = text.split('\n')
  // foldText keeps line breaks, so folded and original lines line up one to one.
  const folded = foldText(text).split('\n')
  const needles = terms.flatMap((t) => t.stems.map(needle))
  // Words recur from line to line: each is stemmed and compared with the terms once.
  const known = new Map<string, number[]>()
  const termsOf = (word: string) => {
    let hit = known.get(word)
    if (!hit) {
      hit = matchingTerms(word, terms, lang)
      known.set(word, hit)
    }
    return hit
  }
  const matches: LineMatch[] = []
  for (let i = 0; i < lines.length; i++) {
    const foldedLine = folded[i] ?? ''
    if (!needles.some((n) => foldedLine.includes(n))) continue
    const line = lines[i] ?? ''
    const seen = new Set<number>()
    let at = -1
    const note = (word: string, index: number) => {
      const hit = termsOf(word)
      if (hit.length === 0) return
      if (at < 0) at = index
      for (const h of hit) seen.add(h)
    }
    if (ASCII.test(line)) {
      // Folding ASCII only lowercases it (apostrophes, never inside a word, become spaces): the folded
      // line's words sit where the original's do.
      for (const m of foldedLine.matchAll(ASCII_WORD)) note(m[0], m.index)
    } else {
      for (const m of line.matchAll(ORIGINAL_WORD)) for (const w of words(m[0])) note(w, m.index)
    }
    if (seen.size > 0) matches.push({ index: i, distinct: seen.size, at })
  }
  matches.sort((a, b) => b.distinct - a.distinct || a.index - b.index)
  const prose = isMarkdown ? proseLines(lines) : undefined
  return matches.slice(0, MAX_SNIPPETS).map((m) => snippet(lines, m.index, m.at, prose))
}

/**
 * Up to three lines where `pattern` matches, and how many matches were seen (the file's score); a
 * Markdown page's lines shown as read.
 */
export function regexSnippets(
  text: string,
  pattern: TextPattern,
  isMarkdown = false,
): { snippets: Snippet[]; count: number } {
  // Most files do not match: the quick test spares them the slower search for positions.
  if (!pattern.test(text)) return { snippets: [], count: 0 }
  const lines = text.split('\n')
  const prose = isMarkdown ? proseLines(lines) : undefined
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
      snippets.push(snippet(lines, line, index - lineStart, prose))
    }
    if (count >= MAX_PATTERN_MATCHES) break
  }
  return { snippets, count }
}

/**
 * For a page found by meaning only: the line under the heading of the section that matched (or the
 * page's first line with content), as the one snippet; none for an empty text.
 */
export function headingSnippets(text: string, heading: string | undefined, isMarkdown = false): Snippet[] {
  if (!text) return []
  const lines = text.split('\n')
  const own = heading?.split(HEADING_SEPARATOR).pop()?.trim()
  let at = own ? lines.findIndex((l) => HEADING_LINE.test(l) && l.replace(/^#+\s*/, '').trim() === own) : -1
  if (at < 0)
    at = Math.max(
      0,
      lines.findIndex((l) => l.trim() !== '' && l.trim() !== '---'),
    )
  const next = lines.slice(at + 1).findIndex((l) => l.trim() !== '')
  const line = next >= 0 && HEADING_LINE.test(lines[at] ?? '') ? at + 1 + next : at
  const prose = isMarkdown ? proseLines(lines) : undefined
  const shown = (i: number) => (prose?.[i] ? plainLine(lines[i] ?? '').text : (lines[i] ?? ''))
  return [
    {
      line: line + 1,
      text: shown(line).slice(0, SNIPPET_CHARS),
      before: shown(line - 1),
      after: shown(line + 1),
    },
  ]
}

/** The snippet of line `index`, cut around `at` (its match's place as written); prose lines made plain. */
function snippet(lines: string[], index: number, at: number, prose?: readonly boolean[]): Snippet {
  const shown = (i: number) => {
    const line = clean(lines[i] ?? '')
    return prose?.[i] ? plainLine(line).text : line
  }
  const line = clean(lines[index] ?? '')
  const plain = prose?.[index] ? plainLine(line) : undefined
  return {
    line: index + 1,
    text: plain ? around(plain.text, plainPosition(plain, at)) : around(line, at),
    before: index > 0 ? tail(shown(index - 1)) : '',
    after: head(shown(index + 1)),
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
