/**
 * One line of Markdown as a reader sees it, for search snippets: no `**`, no table pipes, no link
 * addresses. Each kept character remembers where it was, so a match's position in the line as
 * written can be found again in the plain line.
 */

/** A line made plain, and the written position of each of its characters. */
export type PlainLine = { text: string; sources: number[] }

type Chars = { text: string; sources: number[] }

/** What replaces a match: group numbers to keep in order, or a literal text standing at the match. */
type Keep = (number | string)[]

/**
 * Replaces every match of `pattern` (compiled with the `d` flag) by the listed groups, or by literal
 * text, keeping the written positions of the characters that stay.
 */
function replaceKeeping(line: Chars, pattern: RegExp, keep: (match: RegExpExecArray) => Keep): Chars {
  // An empty match replaced by nothing changes nothing (a line opening without a mark).
  const matches = [...line.text.matchAll(pattern)].filter((m) => m[0] !== '' || keep(m).length > 0)
  // Most lines hold none of most marks: they are kept as they are.
  if (matches.length === 0) return line
  let text = ''
  const sources: number[] = []
  let last = 0
  const copy = (from: number, to: number) => {
    text += line.text.slice(from, to)
    for (let i = from; i < to && i < line.sources.length; i++) sources.push(line.sources[i] as number)
  }
  for (const match of matches) {
    const start = match.index
    copy(last, start)
    for (const part of keep(match)) {
      if (typeof part === 'string') {
        text += part
        for (let i = 0; i < part.length; i++) sources.push(line.sources[start] ?? 0)
        continue
      }
      const range = match.indices?.[part]
      if (range) copy(range[0], range[1])
    }
    last = start + match[0].length
  }
  copy(last, line.text.length)
  return { text, sources }
}

// The marks that open a line: quotes, a heading's hashes, a list item's bullet or number, a task box.
const BLOCK_START = /^\s*(?:>\s?)*\s*(?:#{1,6}(?=\s|$)\s*|(?:[-*+]|\d{1,9}[.)])\s+(?:\[[ xX]\]\s+)?)?/dg
const CLOSING_HASHES = /\s+#+\s*$/dg
const TABLE_DIVIDER = /^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)+\|?\s*$/
const TABLE_EDGE = /^\s*\|\s*|\s*(?<!\\)\|\s*$/dg
const TABLE_PIPE = /\s*(?<!\\)\|\s*/dg
const IMAGE = /!\[([^\]]*)\]\((?:[^()\s]|\([^()]*\))*(?:\s+"[^"]*")?\)/dg
const WIKI_LINK = /\[\[([^[\]|]+?)(?:\|([^[\]]+?))?\]\]/dg
const LINK = /\[([^\]]+)\](?:\((?:[^()\s]|\([^()]*\))*(?:\s+"[^"]*")?\)|\[[^\]]*\])/dg
const AUTOLINK = /<((?:https?|mailto|ftp):[^>\s]+)>/dg
// A tag, unless inside a code span (`<domain>.<event>` is code, shown as written): a span is matched
// first and kept whole.
const HTML_TAG = /(`+).+?\1|<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>/dg
const CODE = /(`+)(.+?)\1/dg
const STRONG = /(?<!\\)(\*\*|__|~~)(?=\S)(.+?)(?<=\S)(?<!\\)\1/dg
const EMPHASIS = /(?<![\p{L}\p{N}*\\])([*_])(?=\S)(.+?)(?<=\S)(?<!\\)\1(?![\p{L}\p{N}*])/dgu
const ESCAPE = /\\([!-/:-@[-`{-~])/dg

/** A line of a Markdown page's prose as read, with where each character was written. */
export function plainLine(written: string): PlainLine {
  let line: Chars = { text: written, sources: writtenPositions(written) }
  if (TABLE_DIVIDER.test(written)) return { text: '', sources: [] }
  const isHeading = /^\s*(?:>\s?)*\s*#{1,6}(?:\s|$)/.test(written)
  line = replaceKeeping(line, BLOCK_START, () => [])
  if (isHeading) line = replaceKeeping(line, CLOSING_HASHES, () => [])
  if (written.trimStart().startsWith('|')) {
    line = replaceKeeping(line, TABLE_EDGE, () => [])
    line = replaceKeeping(line, TABLE_PIPE, () => [' · '])
  }
  // Each mark below needs a character of its own: a line without it is not searched for the mark.
  const has = (chars: string) => [...chars].some((c) => line.text.includes(c))
  if (has('[')) {
    line = replaceKeeping(line, IMAGE, () => [1])
    line = replaceKeeping(line, WIKI_LINK, (m) => [m[2] === undefined ? 1 : 2])
    line = replaceKeeping(line, LINK, () => [1])
  }
  if (has('<')) {
    line = replaceKeeping(line, AUTOLINK, () => [1])
    line = replaceKeeping(line, HTML_TAG, (m) => (m[1] === undefined ? [] : [0]))
  }
  if (has('`')) line = replaceKeeping(line, CODE, () => [2])
  if (has('*_~')) line = replaceKeeping(line, STRONG, () => [2])
  if (has('*_')) line = replaceKeeping(line, EMPHASIS, () => [2])
  if (has('\\')) line = replaceKeeping(line, ESCAPE, () => [1])
  return line
}

/**
 * One number per character of the line, counting a character written as two UTF-16 units once, as the
 * line's characters are numbered when it is read character by character.
 */
function writtenPositions(written: string): number[] {
  const sources: number[] = []
  for (let i = 0; i < written.length; i++) {
    const code = written.charCodeAt(i)
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = written.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) i++
    }
    sources.push(sources.length)
  }
  return sources
}

/** Where a written position falls in the plain line: the first kept character at or after it. */
export function plainPosition(line: PlainLine, written: number): number {
  const index = line.sources.findIndex((source) => source >= written)
  return index < 0 ? line.text.length : index
}

const FENCE = /^\s{0,3}(`{3,}|~{3,})/

/**
 * Which lines of a page are prose to make plain: not the lines of a fenced code block, its fences,
 * nor the front matter, which are shown as written.
 */
export function proseLines(lines: readonly string[]): boolean[] {
  const prose: boolean[] = []
  let fence: string | undefined
  let inFrontMatter = lines[0]?.trim() === '---'
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? ''
    if (inFrontMatter) {
      prose.push(false)
      if (i > 0 && (line.trim() === '---' || line.trim() === '...')) inFrontMatter = false
      continue
    }
    const opening = FENCE.exec(line)?.[1]
    if (fence === undefined && opening) {
      fence = opening
      prose.push(false)
    } else if (fence !== undefined) {
      prose.push(false)
      if (opening && opening[0] === fence[0] && opening.length >= fence.length && line.trim() === opening)
        fence = undefined
    } else prose.push(true)
  }
  return prose
}
