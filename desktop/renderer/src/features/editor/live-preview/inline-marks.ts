import { childrenNamed, type Decorations, type SyntaxNode } from './decorations.ts'

/** Emphasis, strong emphasis and strikethrough: shown styled, their marks hidden off the edited lines. */
export function emphasis(node: SyntaxNode, out: Decorations, markName: string): void {
  for (const mark of childrenNamed(node, markName)) if (!out.isRevealed(mark.from)) out.hideNode(mark)
}

/** `code`: a quiet monospace chip, its backticks hidden off the edited lines. */
export function inlineCode(node: SyntaxNode, out: Decorations): boolean {
  out.mark(node.from, node.to, 'cm-lp-inline-code')
  for (const mark of childrenNamed(node, 'CodeMark')) if (!out.isRevealed(mark.from)) out.hideNode(mark)
  return false
}

/** `\*`: the backslash hidden off the edited lines, the character shown as itself. */
export function backslashEscape(node: SyntaxNode, out: Decorations): void {
  if (!out.isRevealed(node.from)) out.hide(node.from, node.from + 1)
}
