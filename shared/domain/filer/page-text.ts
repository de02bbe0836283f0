/** Reading Markdown for the filer: front matter, titles, leading headings and the prose worth matching. */
import { cutAtWord } from '../cut-at-word.ts'
import { splitFrontMatter } from '../front-matter.ts'
import { baseName } from '../links/paths.ts'
import { HEADING, headingsIn } from '../page-title.ts'

/** A file name made readable: 'adr-002_kubernetes.md' → 'adr 002 kubernetes'. */
export function nameWords(path: string): string {
  const base = baseName(path).replace(/\.md$/i, '')
  return base.replace(/[-_.]+/g, ' ').trim()
}

function stringField(value: unknown): string {
  return typeof value === 'string' ? value.trim() : ''
}

function listField(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []
}

/**
 * `h1`: the page's own title heading (its first level-one heading, '' when none); `sectionHeadings`:
 * the text of every other heading of the body outside code blocks, one per line.
 */
export type PageParts = {
  title: string
  labels: string[]
  body: string
  h1: string
  sectionHeadings: string
}

/**
 * A page's title (front matter, else first `# ` heading, else file name), labels (tags, aliases), body and
 * headings.
 */
export function pageParts(path: string, markdown: string): PageParts {
  const { data: meta, body } = splitFrontMatter(markdown)
  const { h1, headings } = headingsIn(body)
  const title = stringField(meta.title) || h1 || nameWords(path)
  const labels = [...listField(meta.tags), ...listField(meta.aliases), ...listField(meta.keywords)]
  const lines = headings.split('\n')
  const own = h1 ? lines.findIndex((line) => line.trim() === h1) : -1
  const sectionHeadings = own === -1 ? headings : lines.filter((_, i) => i !== own).join('\n')
  return { title, labels, body, h1, sectionHeadings }
}

/** Prose to match on: link targets, URLs and HTML tags removed, since their words name no topic. */
export function matchableText(markdown: string): string {
  return markdown
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, ' ')
    .replace(/<\/?[a-z][^>]*>/gi, ' ')
}

export type LeadingHeading = { level: number; heading: string; rest: string }

/** The note's first line when it is a heading, and the text after it (blank lines trimmed); else undefined. */
export function leadingHeading(text: string): LeadingHeading | undefined {
  const newline = text.indexOf('\n')
  const first = newline === -1 ? text : text.slice(0, newline)
  const match = HEADING.exec(first.replace(/\r$/, ''))
  if (!match) return undefined
  const rest = newline === -1 ? '' : text.slice(newline + 1).replace(/^(?:[ \t]*\r?\n)+/, '')
  return { level: match[1]?.length ?? 1, heading: (match[2] ?? '').trim(), rest }
}

/** The note's text as it will be written: leading blank lines and trailing whitespace removed, rest as is. */
export function trimNoteText(text: string): string {
  return text.replace(/^(?:[ \t]*\r?\n)+/, '').trimEnd()
}

/** The title a note is filed under: its title, else heading, else first line, else file name; ≤ 80 characters. */
export function noteTitle(title: string, text: string, name: string): string {
  const body = trimNoteText(text)
  const chosen =
    title.trim() ||
    leadingHeading(body)?.heading ||
    (body.split(/\r?\n/)[0] ?? '').trim() ||
    nameWords(name).replace(/^\d{4} \d{2} \d{2} /, '')
  return cutAtWord(chosen.replace(/\s+/g, ' '), 80)
}
