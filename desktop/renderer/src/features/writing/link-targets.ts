import type { EditorState, TransactionSpec } from '@codemirror/state'
import { relativeTarget } from '#shared/domain/links/paths.ts'
import { fold } from '#shared/domain/title-fold.ts'
import type { PageChoice } from './context.ts'
import { PAGE_LINK_LIMIT } from './page-links.ts'
import { isLiteralAt } from './slash-menu.ts'

/**
 * The target of a Markdown link being typed before `pos` (`[runbook](ops/ru`): from just after `](`
 * to the cursor, on one line, with no space or parenthesis in it yet, outside code; not an image's
 * (`![…](`), which the pages offered cannot be.
 */
export function linkTargetQueryAt(state: EditorState, pos: number): { from: number; query: string } | null {
  const line = state.doc.lineAt(pos)
  const match = /(?:^|[^\\!])\[[^\]]*\]\(([^()\s]*)$/.exec(line.text.slice(0, pos - line.from))
  if (!match) return null
  // Only at the end of what is typed: inside a target already written, a choice would leave its rest.
  if (!/^(?:\)|\s|$)/.test(line.text.slice(pos - line.from))) return null
  const query = match[1] ?? ''
  // `http:`, `mailto:`: an address of the web is no page of the space.
  if (/^[a-z][a-z0-9+.-]*:/i.test(query)) return null
  const from = pos - query.length
  return isLiteralAt(state, from) ? null : { from, query }
}

/** A page offered for a link's target: the target as it would be written, from the page being written. */
export type TargetChoice = PageChoice & { target: string }

/**
 * The pages whose link target from `fromPath` answers what was typed, best first: a target that
 * starts so, then one whose path or title holds it; ties go to the shorter target.
 */
export function matchingTargets(
  fromPath: string,
  pages: readonly PageChoice[],
  query: string,
  limit = PAGE_LINK_LIMIT,
): TargetChoice[] {
  const wanted = fold(query)
  const ranked: { choice: TargetChoice; rank: number }[] = []
  for (const page of pages) {
    if (page.path === fromPath) continue
    const target = relativeTarget(fromPath, page.path)
    const written = fold(target)
    const rank = written.startsWith(wanted)
      ? 0
      : fold(page.path).includes(wanted) || written.includes(wanted)
        ? 1
        : fold(page.title).includes(wanted)
          ? 2
          : undefined
    if (rank !== undefined) ranked.push({ choice: { ...page, target }, rank })
  }
  ranked.sort(
    (a, b) =>
      a.rank - b.rank ||
      a.choice.target.length - b.choice.target.length ||
      a.choice.target.localeCompare(b.choice.target),
  )
  return ranked.slice(0, limit).map((entry) => entry.choice)
}

/** The edit that writes a chosen target in place of what was typed, and closes the link. */
export function linkTargetEdit(
  state: EditorState,
  target: string,
  from: number,
  to: number,
): TransactionSpec {
  const closed = state.sliceDoc(to, to + 1) === ')'
  const insert = closed ? target : `${target})`
  return {
    changes: { from, to, insert },
    selection: { anchor: from + insert.length + (closed ? 1 : 0) },
    scrollIntoView: true,
    userEvent: 'input.complete',
  }
}
