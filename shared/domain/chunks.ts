/**
 * Cutting pages into chunks for search by meaning: one chunk per section (its heading path and body), so a
 * hit points at the part of a page that matches, and a long section does not dilute its vector.
 */
import { cutAtWord } from './cut-at-word.ts'
import { withoutFrontMatter } from './front-matter.ts'
import { baseName } from './links/paths.ts'

/** Longest chunk text, in characters, unless the caller asks for another. */
export const DEFAULT_CHUNK_CHARS = 1_500

/** Joins the headings of a section and its ancestors: 'Backups › Restore'. */
export const HEADING_SEPARATOR = ' › '

// Longest heading made from a page's first line: it is a label, the full line stays in the text.
const FIRST_LINE_TITLE_CHARS = 80

/** A chunk of a page for search by meaning: a heading and the text under it. */
export type Chunk = { path: string; heading: string; text: string }

export type ChunkOptions = { maxChars?: number }

const ATX_HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/
const SETEXT_UNDERLINE = /^ {0,3}(=+|-+)[ \t]*$/
const FENCE = /^ {0,3}(`{3,}|~{3,})/

/** A file's name made readable: 'notes/adr-002_kubernetes.md' → 'adr 002 kubernetes'. */
export function fileTitle(path: string): string {
  const base = baseName(path)
  const dot = base.lastIndexOf('.')
  const stem = dot > 0 ? base.slice(0, dot) : base
  return stem.replace(/[-_.\s]+/g, ' ').trim() || base
}

/** Inline Markdown reduced to its words: links and images to their text, emphasis and code marks dropped. */
function plainInline(text: string): string {
  return text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[\[([^\]|]*\|)?([^\]]*)\]\]/g, '$2')
    .replace(/<[^>]+>/g, '')
    .replace(/[*_`~]+/g, '')
    .replace(/\s+/g, ' ')
    .trim()
}

/** A label from a page's first line: list and quote marks dropped, cut at a word near the limit. */
function firstLineTitle(text: string): string {
  const line = text.split('\n').find((l) => l.trim() !== '') ?? ''
  // plainInline leaves single spaces and no space at either end, so no cut ends with one.
  return cutAtWord(
    plainInline(line.replace(/^\s*(?:[>*+-]|\d+[.)]|\|)\s*/, '').replace(/\|/g, ' ')),
    FIRST_LINE_TITLE_CHARS,
  )
}

type Section = { heading: string; lines: string[] }

/** The page's sections in order: text before the first heading (titled ''), then one per heading. */
function sections(body: string): { sections: Section[]; headings: number } {
  const out: Section[] = [{ heading: '', lines: [] }]
  const path: { level: number; text: string }[] = []
  let headings = 0
  let fence = ''
  const open = (level: number, raw: string) => {
    while (path.length > 0 && path[path.length - 1]!.level >= level) path.pop()
    const text = plainInline(raw)
    // An empty heading ('##') still ends the section above, but adds nothing to the path.
    if (text) path.push({ level, text })
    out.push({ heading: path.map((h) => h.text).join(HEADING_SEPARATOR), lines: [] })
    headings++
  }
  const lines = body.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    const current = out[out.length - 1]!
    const marker = FENCE.exec(line)?.[1]
    if (fence) {
      // A fence closes with the same character, at least as long; headings inside it are code.
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker)
        fence = ''
      current.lines.push(line)
      continue
    }
    if (marker) {
      fence = marker
      current.lines.push(line)
      continue
    }
    const atx = ATX_HEADING.exec(line)
    if (atx) {
      open(atx[1]!.length, atx[2] ?? '')
      continue
    }
    // A one-line paragraph underlined with '===' or '---' is a heading too; after a blank line '---' is a
    // thematic break, and under a list item or a table row it is not a heading either.
    const underline = SETEXT_UNDERLINE.exec(line)
    const previous = current.lines[current.lines.length - 1]
    const beforePrevious = current.lines[current.lines.length - 2]
    if (
      underline &&
      previous !== undefined &&
      previous.trim() !== '' &&
      (beforePrevious === undefined || beforePrevious.trim() === '') &&
      !/^\s*(?:[>*+|-]|\d+[.)])/.test(previous) &&
      !FENCE.test(previous) &&
      !/^ {4}|^\t/.test(previous)
    ) {
      current.lines.pop()
      open(underline[1]![0] === '=' ? 1 : 2, previous)
      continue
    }
    current.lines.push(line)
  }
  return { sections: out, headings }
}

/** Blocks separated by blank lines; a fenced code block stays whole even when it holds blank lines. */
function blocks(text: string): string[] {
  const out: string[] = []
  let block: string[] = []
  let fence = ''
  for (const line of text.split('\n')) {
    const marker = FENCE.exec(line)?.[1]
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker)
        fence = ''
    } else if (marker) {
      fence = marker
    } else if (line.trim() === '') {
      if (block.length > 0) out.push(block.join('\n'))
      block = []
      continue
    }
    block.push(line)
  }
  if (block.length > 0) out.push(block.join('\n'))
  return out
}

/** A block longer than `max` cut at line ends, then at sentence ends, then at spaces, then anywhere. */
function cutBlock(block: string, max: number): string[] {
  if (block.length <= max) return [block]
  for (const separator of [/\n/, /(?<=[.!?…])\s+/, /\s+/]) {
    const parts = block.split(separator).filter((part) => part.trim() !== '')
    if (parts.length > 1) return pack(parts, max, separator.source === '\\n' ? '\n' : ' ')
  }
  const pieces: string[] = []
  let start = 0
  while (start < block.length) {
    let end = Math.min(block.length, start + max)
    // Not between the two halves of a surrogate pair: half an emoji is not valid text.
    const code = block.charCodeAt(end - 1)
    if (end < block.length && code >= 0xd800 && code <= 0xdbff) end--
    pieces.push(block.slice(start, end))
    start = end
  }
  return pieces
}

/** Parts joined greedily into pieces of at most `max` characters (a part too long is cut further). */
function pack(parts: string[], max: number, joiner: string): string[] {
  const pieces: string[] = []
  let piece = ''
  for (const part of parts) {
    for (const small of cutBlock(part, max)) {
      if (piece && piece.length + joiner.length + small.length <= max) piece += joiner + small
      else {
        if (piece) pieces.push(piece)
        piece = small
      }
    }
  }
  if (piece) pieces.push(piece)
  return pieces
}

/** Text cut at paragraph boundaries into pieces of at most `max` characters, blank lines tidied. */
function splitText(text: string, max: number): string[] {
  return pack(
    blocks(text).map((block) => block.replace(/\s+$/, '')),
    max,
    '\n\n',
  )
    .map((piece) => piece.trim())
    .filter((piece) => piece !== '')
}

function maxCharsOf(options: ChunkOptions | undefined): number {
  const max = options?.maxChars ?? DEFAULT_CHUNK_CHARS
  // Below a few dozen characters every word would be its own chunk; guard against nonsense settings.
  return Number.isFinite(max) ? Math.max(40, Math.floor(max)) : DEFAULT_CHUNK_CHARS
}

function normaliseNewlines(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/\f/g, '\n\n')
}

/**
 * A Markdown page cut into chunks: one per section, titled by its heading path ('Backups › Restore'), long
 * sections split at paragraphs, empty ones skipped. Front matter is left out; text before the first
 * heading is titled by the file name, and a page without headings by its first line.
 */
export function chunkPage(path: string, markdown: string, options?: ChunkOptions): Chunk[] {
  const max = maxCharsOf(options)
  const body = normaliseNewlines(withoutFrontMatter(markdown))
  const parsed = sections(body)
  const chunks: Chunk[] = []
  for (const section of parsed.sections) {
    const text = section.lines.join('\n')
    if (text.trim() === '') continue
    const heading =
      section.heading || (parsed.headings === 0 ? firstLineTitle(text) || fileTitle(path) : fileTitle(path))
    for (const piece of splitText(text, max)) chunks.push({ path, heading, text: piece })
  }
  return chunks
}

/** Text extracted from a document (PDF, Word, image) cut at paragraphs into chunks titled by its file name. */
export function chunkText(path: string, text: string, options?: ChunkOptions): Chunk[] {
  const heading = fileTitle(path)
  return splitText(normaliseNewlines(text), maxCharsOf(options)).map((piece) => ({
    path,
    heading,
    text: piece,
  }))
}
