/**
 * Notes nobody wrote by hand: from each page of a corpus one section is cut out and becomes a note (its
 * heading the title, its text the body), and the page stays in the space without it. The section is
 * chosen by a seeded hash among the page's substantive sections, and the pages are split into two
 * halves by the same seed, so that a threshold can be set on one half and judged on the other.
 */

/** A page of a corpus: `path` under content/, `text` its Markdown. */
export type CorpusPage = { path: string; text: string }

/** A note cut from a page, the page it belongs to (under content/), and its half of the corpus. */
export type CutNote = { title: string; text: string; page: string; half: 'A' | 'B' }

/** One case of the evaluation: the note, and its page as the space holds it (the section removed). */
export type CutCase = { note: CutNote; page: CorpusPage }

/** The seed of every cut and split: fixed, so that the halves never move. */
const CORPUS_SEED = 'quire-filer-2026'

/** Least prose a section must hold to become a note: a line or two says too little to be filed. */
const MIN_PROSE = 200
/**
 * Largest share of its page's prose a section may hold: a note is news about one part of a page, and a
 * page stripped of most of what it says (a manual page without its DESCRIPTION) is no longer about it.
 */
const MAX_SHARE = 0.4
/** Longest heading taken as a note's title: a longer one is a sentence, not a title. */
const MAX_TITLE = 120
/** Most text a section may hold to become a note: longer is a chapter, not a note. */
const MAX_TEXT = 3_000

/**
 * Headings of boilerplate every page of a kind repeats (licence, credits, translators, "see also"):
 * such a section says nothing about its page, so no filer could tell where it came from.
 */
const BOILERPLATE =
  /^(?:licen[cs]e|license and copyright|copyright|contribut(?:e|ing|ors)|sponsors?|sponsorship|backers|authors?|auteurs?|maintainers?|credits|acknowledge?ments?|see also|voir aussi|traduction|reporting bugs|signaler des bogues|colophon|name|nom|synopsis|table of contents|contents|changelog|support|security|help|badges|thanks|remerciements|tests?|testing|running tests|related)\b/i

const ATX = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/
const FENCE = /^ {0,3}(?:`{3,}|~{3,})/

/** A 32-bit FNV-1a hash of a string: stable across runs and machines. */
export function seededHash(text: string, seed = CORPUS_SEED): number {
  let h = 0x811c9dc5
  for (const ch of `${seed}\u0000${text}`) {
    h ^= ch.codePointAt(0) ?? 0
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h >>> 0
}

/** The half of the corpus a page falls in, by the seed: a page's notes never straddle the halves. */
function halfOf(path: string, seed = CORPUS_SEED): 'A' | 'B' {
  return seededHash(`half:${path}`, seed) % 2 === 0 ? 'A' : 'B'
}

type Block = { heading: string; start: number; end: number }

/** The headed blocks of a page (from a heading to the next heading of any level), code fences skipped. */
function blocksOf(lines: readonly string[]): Block[] {
  const starts: { line: number; heading: string }[] = []
  let fenced = false
  lines.forEach((line, i) => {
    if (FENCE.test(line)) fenced = !fenced
    if (fenced) return
    const m = ATX.exec(line)
    if (m) starts.push({ line: i, heading: (m[2] ?? '').trim() })
  })
  return starts.map((s, k) => ({
    heading: s.heading,
    start: s.line,
    end: starts[k + 1]?.line ?? lines.length,
  }))
}

/** Lines that are not prose: tables, indented code, link definitions, badges and HTML. */
const NOT_PROSE = /^(?:\s*\||( {4}|\t)|\s*\[[^\]]+\]:|\s*\[?!\[|\s*<)/

/** Characters of prose in a text: lines with words, outside code fences and what is not prose. */
function proseLength(text: string): number {
  let fenced = false
  let sum = 0
  for (const line of text.split('\n')) {
    if (FENCE.test(line)) fenced = !fenced
    else if (!fenced && !NOT_PROSE.test(line) && /\p{L}{3}/u.test(line))
      sum += line.replace(/\]\([^)]*\)/g, ']').trim().length
  }
  return sum
}

/** A heading as a person would title a note: Markdown marks and links reduced to their words. */
function plainHeading(heading: string): string {
  return heading
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[*_`]+/g, '')
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * Cuts one section out of a page: a substantive one (enough prose, not too long, not boilerplate), never
 * the first block (the page's title or introduction), chosen by the seed. Undefined when none fits.
 */
export function cutSection(page: CorpusPage, seed = CORPUS_SEED): CutCase | undefined {
  const lines = page.text.split('\n')
  const blocks = blocksOf(lines).slice(1)
  const pageProse = proseLength(page.text)
  const fitting = blocks.filter((b) => {
    const heading = plainHeading(b.heading)
    const body = lines.slice(b.start + 1, b.end).join('\n')
    return (
      proseLength(body) <= pageProse * MAX_SHARE &&
      /\p{L}{2}/u.test(heading) &&
      heading.length <= MAX_TITLE &&
      !BOILERPLATE.test(heading) &&
      proseLength(body) >= MIN_PROSE &&
      body.trim().length <= MAX_TEXT
    )
  })
  if (fitting.length === 0) return undefined
  const chosen = fitting[seededHash(`cut:${page.path}`, seed) % fitting.length]!
  // Link definitions at the end of the last section serve the whole page: they stay in it.
  let end = chosen.end
  while (end > chosen.start + 1 && /^\s*(?:\[[^\]]+\]:.*)?$/.test(lines[end - 1] ?? '')) end--
  const text = lines
    .slice(chosen.start + 1, end)
    .join('\n')
    .trim()
  const rest = [...lines.slice(0, chosen.start), ...lines.slice(end)].join('\n')
  return {
    note: { title: plainHeading(chosen.heading), text, page: page.path, half: halfOf(page.path, seed) },
    page: { path: page.path, text: rest },
  }
}
