import { childrenNamed, type Decorations, type SyntaxNode } from './decorations.ts'

/** The lines of a code block drawn as one monospace block, rounded at its first and last line. */
function blockLines(node: SyntaxNode, out: Decorations): void {
  out.lines(node.from, node.to, 'cm-lp-codeblock')
  out.lines(node.from, node.from, 'cm-lp-codeblock-first')
  out.lines(node.to, node.to, 'cm-lp-codeblock-last')
}

/**
 * A fenced code block: a monospace block whose fences are hidden off the edited lines; the opening
 * fence keeps its language as a small label.
 */
export function fencedCode(node: SyntaxNode, out: Decorations): boolean {
  blockLines(node, out)
  const [open, close] = childrenNamed(node, 'CodeMark')
  if (open && !out.isRevealed(open.from)) {
    const info = node.getChild('CodeInfo')
    out.lines(open.from, open.from, 'cm-lp-fence')
    out.hide(
      open.from,
      info && out.state.doc.lineAt(info.from).number === out.state.doc.lineAt(open.from).number
        ? info.from
        : out.state.doc.lineAt(open.from).to,
    )
    if (info) out.mark(info.from, info.to, 'cm-lp-codeinfo')
  }
  if (close && close !== open && !out.isRevealed(close.from)) {
    out.lines(close.from, close.from, 'cm-lp-fence')
    out.hideNode(close)
  }
  return false
}

/** A code block indented by four spaces: the same monospace block, as typed. */
export function indentedCode(node: SyntaxNode, out: Decorations): boolean {
  blockLines(node, out)
  return false
}
