import type { EditorState, TransactionSpec } from '@codemirror/state'
import { relativeTarget } from '#shared/domain/links/paths.ts'
import { fold, wordsOf } from '#shared/domain/title-fold.ts'
import type { PageChoice } from './context.ts'
import { isLiteralAt } from './slash-menu.ts'

/** How many pages the `[[` menu lists at most: enough to scroll, few enough to draw at once. */
export const PAGE_LINK_LIMIT = 50

/**
 * The `[[` being typed before `pos` and the words after it, when they ask for a page: on one line,
 * outside code, not escaped (`\[[`) nor an embed (`![[`).
 */
export function pageLinkQueryAt(state: EditorState, pos: number): { from: number; query: string } | null {
  const line = state.doc.lineAt(pos)
  const match = /(?:^|[^\\![])\[\[([^[\]|#]*)$/.exec(line.text.slice(0, pos - line.from))
  if (!match) return null
  const from = pos - (match[1] ?? '').length - 2
  return isLiteralAt(state, from) ? null : { from, query: match[1] ?? '' }
}

/** Whether every folded word of the query starts one of `words`. */
function wordsStart(query: string[], words: string[]): boolean {
  return query.every((wanted) => words.some((word) => word.startsWith(wanted)))
}

/** Whether the letters of `wanted` appear in `text` in that order (`hlds` in `holidays`). */
function isSubsequence(wanted: string, text: string): boolean {
  let at = 0
  for (const letter of text) if (letter === wanted[at]) at++
  return at === wanted.length
}

/** How well a page answers the query: lower is better, undefined when it does not. */
function rank(page: PageChoice, wanted: string, words: string[]): number | undefined {
  const title = fold(page.title)
  const path = fold(page.path)
  if (title === wanted) return 0
  if (title.startsWith(wanted)) return 1
  if (wordsStart(words, wordsOf(page.title))) return 2
  if (wordsStart(words, wordsOf(page.path))) return 3
  if (title.includes(wanted) || path.includes(wanted)) return 4
  if (isSubsequence(wanted.replace(/\s+/g, ''), title)) return 5
  return undefined
}

/**
 * The pages that answer what was typed after `[[`, best first: the exact title, a title that starts
 * so, every word at the start of a word of the title, then of the path, then anywhere, then the
 * letters in order in the title. Ties go to the shorter title. Nothing typed: every page, by title.
 */
export function matchingPages(
  pages: readonly PageChoice[],
  query: string,
  limit = PAGE_LINK_LIMIT,
): PageChoice[] {
  const wanted = fold(query.trim())
  const words = wordsOf(query)
  const ranked: { page: PageChoice; rank: number }[] = []
  for (const page of pages) {
    const found = wanted === '' ? 0 : rank(page, wanted, words)
    if (found !== undefined) ranked.push({ page, rank: found })
  }
  // With a query, the shorter of two titles is the closer answer; without one, the order is the titles'.
  const lengths = wanted === '' ? () => 0 : (a: PageChoice, b: PageChoice) => a.title.length - b.title.length
  ranked.sort(
    (a, b) =>
      a.rank - b.rank ||
      lengths(a.page, b.page) ||
      a.page.title.localeCompare(b.page.title) ||
      a.page.path.localeCompare(b.page.path),
  )
  return ranked.slice(0, limit).map((entry) => entry.page)
}

/** A title as a link's text: the brackets and backslashes that would end or change it are escaped. */
function linkLabel(title: string): string {
  return title.replace(/[[\]\\]/g, '\\$&')
}

/**
 * The link written for a page chosen after `[[`: a relative Markdown link, `[Title](../path.md)`,
 * from the page being written. Moving either page rewrites it (as the move API rewrites every link
 * that reaches the moved file), and any Markdown reader follows it, unlike a wiki name that two pages
 * of different folders may share.
 */
export function pageLinkMarkdown(fromPath: string, page: PageChoice): string {
  return `[${linkLabel(page.title)}](${relativeTarget(fromPath, page.path)})`
}

/** The edit that replaces `[[words` (and a `]]` right after it) by the link to the chosen page. */
export function pageLinkEdit(
  state: EditorState,
  fromPath: string,
  page: PageChoice,
  from: number,
  to: number,
): TransactionSpec {
  const end = state.sliceDoc(to, to + 2) === ']]' ? to + 2 : to
  const insert = pageLinkMarkdown(fromPath, page)
  return {
    changes: { from, to: end, insert },
    selection: { anchor: from + insert.length },
    scrollIntoView: true,
    userEvent: 'input.complete',
  }
}
