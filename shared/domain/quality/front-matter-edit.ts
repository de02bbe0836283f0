/**
 * Editing the YAML front matter of a page in place. The yaml Document API keeps comments and scalar styles,
 * but `doc.toString()` re-renders the whole block (spacing, flow collections, indentation of sequences,
 * folding of long lines, hex digits), so the text is spliced instead: only the changed key's bytes move, at
 * the offsets the parser reports, and every other byte of the page stays as it was.
 */
import { isMap, isNode, isScalar, type Pair, parseDocument, Scalar, stringify } from 'yaml'

// Same block as readFrontMatter sees (closing `---` may carry trailing blanks), plus an empty block
// `---\n---`; the body is captured as whole lines so that removing the last line needs no special case.
const BLOCK = /^---(\r?\n)((?:[^\n]*\n)*?)---[ \t]*(?:\r?\n|$)/

// The schema readFrontMatter reads with, so that a value means the same here and there.
const PARSE = { schema: 'core' } as const
// One line per value, whatever its length: a folded value would move more bytes than the edit needs.
const WRITE = { lineWidth: 0, blockQuote: false } as const

type Style = 'PLAIN' | 'QUOTE_SINGLE' | 'QUOTE_DOUBLE'
type Parsed = { pairs: Pair[]; flow: boolean; values: Record<string, unknown> }

/**
 * Sets (string) or removes (null) top-level keys of a page's front matter, keeping every other byte; a page
 * without front matter gets a block, and a block left without keys or comments goes. Returns undefined when
 * the front matter cannot be read (invalid YAML, or not a mapping): rewriting it would lose what the author
 * wrote, so the caller must refuse the change instead.
 */
export function editFrontMatter(
  markdown: string,
  changes: Record<string, string | null>,
): string | undefined {
  const bom = markdown.startsWith('\uFEFF') ? '\uFEFF' : ''
  const text = markdown.slice(bom.length)
  const block = BLOCK.exec(text)
  const eol = block?.[1] ?? /\r?\n/.exec(text)?.[0] ?? '\n'
  const original = block?.[2] ?? ''
  if (block && !parse(original)) return undefined
  let body = original
  for (const [key, value] of Object.entries(changes)) body = editBody(body, key, value, eol)
  if (body === original) return markdown
  // A splice that would not read back as asked (aliases, merge keys, odd layouts) is refused, not written.
  if (!readsBack(body, changes)) return undefined
  const rest = block ? text.slice(block[0].length) : text
  if (isBare(body)) return bom + rest
  const opener = `---${eol}`
  const closer = block ? block[0].slice(opener.length + original.length) : `---${eol}`
  return bom + opener + body + closer + rest
}

/** The top-level pairs of a front matter body and its values, or undefined when it is not a readable mapping. */
function parse(body: string): Parsed | undefined {
  const doc = parseDocument(body, PARSE)
  if (doc.errors.length > 0) return undefined
  // An empty or comments-only body has no contents: a mapping without keys yet.
  if (doc.contents === null) return { pairs: [], flow: false, values: {} }
  if (!isMap(doc.contents)) return undefined
  try {
    // parseDocument reports no error for an alias without its anchor; only building the values throws.
    const values = doc.toJS() as Record<string, unknown>
    return { pairs: doc.contents.items, flow: Boolean(doc.contents.flow), values }
  } catch {
    return undefined
  }
}

/** A body with one key set or removed (the body itself when that changes nothing). */
function editBody(body: string, key: string, value: string | null, eol: string): string {
  const parsed = parse(body)
  if (!parsed) return body
  const pair = parsed.pairs.find((item) => isScalar(item.key) && String(item.key.value) === key)
  const same = value === null ? !pair : isScalar(pair?.value) && pair.value.value === value
  if (same) return body
  if (parsed.flow) return editFlow(body, key, value, eol)
  if (pair) return value === null ? removePair(body, pair) : replaceValue(body, pair, value)
  // A new key goes last, under the others: nothing already written moves.
  const line = `${scalarText(key, 'PLAIN')}: ${scalarText(value ?? '', 'PLAIN')}`
  return `${body}${indentOf(body, parsed.pairs)}${line}${eol}`
}

/** Offsets of a pair: where its key starts and ends, and where its value's text ends (if it has one). */
function offsets(pair: Pair): { keyStart: number; keyEnd: number; value?: [number, number] } {
  const keyRange = isNode(pair.key) ? pair.key.range : undefined
  const keyStart = keyRange?.[0] ?? 0
  const keyEnd = keyRange?.[1] ?? keyStart
  const valueRange = isNode(pair.value) ? pair.value.range : undefined
  return valueRange ? { keyStart, keyEnd, value: [valueRange[0], valueRange[1]] } : { keyStart, keyEnd }
}

/** The end of `text` before `end`, stepping back over whitespace and line breaks but not before `start`. */
function trimmedEnd(text: string, start: number, end: number): number {
  let at = end
  while (at > start && /\s/.test(text[at - 1] ?? '')) at--
  return at
}

/** The body with a pair's value replaced, in the quoting style of the old value when it was quoted. */
function replaceValue(body: string, pair: Pair, value: string): string {
  const { keyEnd, value: range } = offsets(pair)
  const old = pair.value
  const style: Style =
    isScalar(old) && (old.type === 'QUOTE_SINGLE' || old.type === 'QUOTE_DOUBLE') ? old.type : 'PLAIN'
  const written = scalarText(value, style)
  const colon = body.indexOf(':', keyEnd)
  // A value on the key's line is replaced where it stands, keeping the author's spacing and a trailing
  // comment; an empty value, or one on the next lines (block list, map), is rewritten right after the colon.
  if (range && range[1] > range[0] && !body.slice(colon + 1, range[0]).includes('\n')) {
    return body.slice(0, range[0]) + written + body.slice(trimmedEnd(body, range[0], range[1]))
  }
  const end = range ? Math.max(colon + 1, trimmedEnd(body, colon + 1, range[1])) : colon + 1
  return `${body.slice(0, colon + 1)} ${written}${body.slice(end)}`
}

/** The body without the lines of one pair, its same-line comment included. */
function removePair(body: string, pair: Pair): string {
  const { keyStart, keyEnd, value } = offsets(pair)
  const start = body.lastIndexOf('\n', keyStart - 1) + 1
  // The value's own end, not its node end: yaml counts the comments that follow a block value (those
  // before the next key) as part of that node, and they belong to what comes next.
  let end = Math.max(keyEnd, value?.[1] ?? keyEnd)
  if (end > 0 && body[end - 1] !== '\n') {
    const newline = body.indexOf('\n', end)
    end = newline === -1 ? body.length : newline + 1
  }
  return body.slice(0, start) + body.slice(end)
}

/** The indentation of the mapping's keys, for a new key written under them. */
function indentOf(body: string, pairs: Pair[]): string {
  const first = pairs[0]
  if (!first) return ''
  const { keyStart } = offsets(first)
  const lineStart = body.lastIndexOf('\n', keyStart - 1) + 1
  const lead = body.slice(lineStart, keyStart)
  return /^[ \t]*$/.test(lead) ? lead : ''
}

/** A flow mapping `{a: 1}` has no lines to splice: it is rewritten through the Document API, as a rare case. */
function editFlow(body: string, key: string, value: string | null, eol: string): string {
  const doc = parseDocument(body, PARSE)
  if (value === null) doc.delete(key)
  else doc.set(key, new Scalar(value))
  return doc.toString(WRITE).replace(/\r?\n/g, eol)
}

/** A scalar as YAML on one line: plain when it reads back as the same string, quoted otherwise. */
function scalarText(value: string, style: Style): string {
  const node = new Scalar(value)
  // Single quotes write a line break as a blank line: keep such values on one line in double quotes.
  node.type = /[\r\n]/.test(value) ? 'QUOTE_DOUBLE' : style
  return stringify(node, WRITE).replace(/\n$/, '')
}

/** Whether a body reads back with the requested values set and the removed keys gone. */
function readsBack(body: string, changes: Record<string, string | null>): boolean {
  const values = parse(body)?.values
  if (!values) return false
  return Object.entries(changes).every(([key, value]) =>
    value === null ? !Object.hasOwn(values, key) : values[key] === value,
  )
}

/** Whether a body has nothing left worth a block: no key and no comment. */
function isBare(body: string): boolean {
  const rest = body.trim()
  return rest === '' || rest === '{}'
}
