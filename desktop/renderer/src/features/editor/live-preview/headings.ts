import { childrenNamed, type Decorations, type SyntaxNode, spacesAfter } from './decorations.ts'

/**
 * `# Title` to `###### Title`: the line sized as its level, the `#` marks (and the space after them,
 * and any closing `#`s) hidden unless the line is being edited.
 */
export function atxHeading(node: SyntaxNode, out: Decorations, level: number): void {
  out.lines(node.from, node.from, `cm-lp-heading cm-lp-h${level}`)
  if (out.isRevealed(node.from)) return
  for (const mark of childrenNamed(node, 'HeaderMark')) {
    if (mark.from === node.from) out.hide(mark.from, spacesAfter(out.state, mark.to))
    else out.hide(spacesBefore(out, mark.from), mark.to)
  }
}

/** A heading underlined with `===` or `---`: its lines sized, the underline line quietened. */
export function setextHeading(node: SyntaxNode, out: Decorations, level: number): void {
  const mark = node.getChild('HeaderMark')
  const textEnd = mark ? Math.max(node.from, mark.from - 1) : node.to
  out.lines(node.from, textEnd, `cm-lp-heading cm-lp-h${level}`)
  if (!mark) return
  out.lines(mark.from, mark.from, 'cm-lp-setext-mark')
  if (!out.isRevealed(mark.from)) out.hide(mark.from, mark.to)
}

function spacesBefore(out: Decorations, pos: number): number {
  const lineStart = out.state.doc.lineAt(pos).from
  let start = pos
  while (start > lineStart && /[ \t]/.test(out.text(start - 1, start))) start--
  return start
}
