import { type Decorations, type SyntaxNode, spacesAfter } from './decorations.ts'

/** A block quote: every line of it drawn with a bar on its left. */
export function blockquote(node: SyntaxNode, out: Decorations): void {
  out.lines(node.from, node.to, 'cm-lp-quote')
}

/** A quote's `>` (and the space after it), hidden off the edited lines: the bar says it. */
export function quoteMark(node: SyntaxNode, out: Decorations): void {
  if (!out.isRevealed(node.from)) out.hide(node.from, spacesAfter(out.state, node.to, 1))
}

/** `---`, `***` or `___` on a line of its own: a thin rule, the characters hidden off the edited line. */
export function horizontalRule(node: SyntaxNode, out: Decorations): void {
  if (out.isRevealed(node.from)) return
  out.lines(node.from, node.from, 'cm-lp-hr')
  out.hideNode(node)
}

/** Raw HTML and comments, kept as typed (the page renders none of it) but quieter than the text. */
export function rawBlock(node: SyntaxNode, out: Decorations): boolean {
  out.lines(node.from, node.to, 'cm-lp-raw')
  return false
}

/** `[label]: https://…` definitions of reference links: quieter than the text. */
export function linkReference(node: SyntaxNode, out: Decorations): boolean {
  out.lines(node.from, node.to, 'cm-lp-definition')
  return false
}
