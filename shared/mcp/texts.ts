/**
 * The readable answers of the read tools. Many clients hand a model only a tool's text, not its
 * structured content: the text carries every fact the tool promises (MCP: structured content
 * "SHOULD also" be given as text), in lines a model reads as easily as a person.
 */
import type { WikiHealth } from '../domain/quality/health.ts'
import type { SearchResult } from '../services/search/search.ts'

/** One search result: where, its title, how it was found and how fresh it is, its snippets. */
export function searchResultText(result: SearchResult, rank: number): string {
  const marks = [
    result.match === 'meaning' ? 'found by meaning, not by its words' : undefined,
    result.extracted ? 'text extracted from the file' : undefined,
    result.verified
      ? result.freshness?.state === 'stale'
        ? 'verified, due for review'
        : 'verified'
      : undefined,
  ].filter((mark) => mark !== undefined)
  const snippets = result.snippets.map((s) => `   ${s.line}: ${s.text}`).join('\n')
  return `${rank}. ${result.space} ${result.path}: ${result.title}${marks.length > 0 ? ` (${marks.join('; ')})` : ''}${snippets ? `\n${snippets}` : ''}`
}

/** Where a list shown in parts stands, and how to ask for the next part. */
export function moreText(shown: number, offset: number, total: number): string {
  // Past the end: nothing is shown, though the list is not empty.
  if (shown === 0 && offset > 0 && total > 0)
    return `\nNothing from offset ${offset}: the list has ${total}, so offsets go up to ${total - 1}.`
  if (offset + shown >= total) return ''
  return `\nShowing ${offset + 1}–${offset + shown} of ${total}: call again with offset ${offset + shown} for more.`
}

/** A space's files, each with its title and size. */
export function filesText(files: readonly { path: string; title?: string | null; size: number }[]): string {
  return files.map((f) => `- ${f.path}${f.title ? `: ${f.title}` : ''} (${sizeText(f.size)})`).join('\n')
}

function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

/** The health report: its counts, then each list that is not empty, as far as `limit` lists it. */
export function healthText(report: WikiHealth): string {
  const counts = Object.entries(report.counts).map(([name, n]) => `${name}: ${n}`)
  const section = (title: string, total: number, lines: string[]) =>
    lines.length === 0
      ? []
      : [`\n${title}${lines.length < total ? ` (${lines.length} of ${total} listed)` : ''}:`, ...lines]
  return [
    counts.join(', '),
    ...section(
      'Broken links',
      report.counts.broken,
      report.broken.map(
        (b) => `- in ${b.page}: ${b.link}${b.suggestion ? ` (probably meant ${b.suggestion})` : ''}`,
      ),
    ),
    ...section(
      'Orphan pages (no page links to them)',
      report.counts.orphans,
      report.orphans.map((p) => `- ${p}`),
    ),
    ...section(
      'Empty pages',
      report.counts.empty,
      report.empty.map((p) => `- ${p}`),
    ),
    ...section(
      'Pages without a title',
      report.counts.untitled,
      report.untitled.map((p) => `- ${p}`),
    ),
    ...section(
      'Stale pages (last changed)',
      report.counts.stale,
      report.stale.map((s) => `- ${s.page} (${s.date})`),
    ),
    ...section(
      'Verified pages due for review',
      report.counts.due,
      report.due.map((d) => `- ${d.path} (due ${d.due}${d.owner ? `, owner ${oneLine(d.owner)}` : ''})`),
    ),
    ...section(
      'Verified pages without an owner',
      report.counts.unowned,
      report.unowned.map((p) => `- ${p}`),
    ),
  ].join('\n')
}

/** Anyone's words on one line, so they cannot pass for more lines of the answer. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

/** One inbox item: its kind, name and title, the changed page's path, why the tidy-up left it and where it could go. */
export function inboxItemText(item: {
  name: string
  type: string
  status: string
  title: string
  reason: string
  candidates: string[]
  path?: string
}): string {
  const kind = item.status === 'left' ? 'left' : item.type
  const reason = item.reason ? ` (${oneLine(item.reason)})` : ''
  const page = item.path ? `; page ${item.path}` : ''
  const candidates = item.candidates.length > 0 ? `; could go to ${item.candidates.join(', ')}` : ''
  return `- [${kind}] ${item.name}: ${oneLine(item.title)}${reason}${page}${candidates}`
}
