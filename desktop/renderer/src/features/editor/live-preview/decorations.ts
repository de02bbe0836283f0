import type { syntaxTree } from '@codemirror/language'
import type { EditorState, Range } from '@codemirror/state'
import { Decoration, type DecorationSet, type WidgetType } from '@codemirror/view'
import { type Span, touches } from './reveal.ts'

/** A node of the Markdown syntax tree (Lezer's, as CodeMirror hands it out). */
export type SyntaxNode = ReturnType<ReturnType<typeof syntaxTree>['resolveInner']>

/** Marks are made once per class: the same object on every line lets CodeMirror compare them cheaply. */
const marks = new Map<string, Decoration>()
const lines = new Map<string, Decoration>()

function markOf(className: string): Decoration {
  const known = marks.get(className)
  if (known) return known
  const mark = Decoration.mark({ class: className })
  marks.set(className, mark)
  return mark
}

function lineOf(className: string): Decoration {
  const known = lines.get(className)
  if (known) return known
  const line = Decoration.line({ class: className })
  lines.set(className, line)
  return line
}

/**
 * The decorations of one pass over the visible part of the page. Hidden marks stay in the document
 * and in the editor's DOM (a class hides them): the text never changes, and what it reads as is
 * always the file's text.
 */
export class Decorations {
  private readonly ranges: Range<Decoration>[] = []
  private readonly widgetsAt = new Set<string>()

  readonly state: EditorState
  private readonly revealed: readonly Span[]

  constructor(state: EditorState, revealed: readonly Span[]) {
    this.state = state
    this.revealed = revealed
  }

  /** Whether the lines of `from`–`to` show their source (the selection touches them). */
  isRevealed(from: number, to: number = from): boolean {
    return touches(this.revealed, this.state.doc.lineAt(from).from, this.state.doc.lineAt(to).to)
  }

  /** Hides `from`–`to` from view (the text stays). */
  hide(from: number, to: number): void {
    if (to > from) this.ranges.push(markOf('cm-lp-hidden').range(from, to))
  }

  /** Hides a node. */
  hideNode(node: SyntaxNode | null): void {
    if (node) this.hide(node.from, node.to)
  }

  /** Gives `from`–`to` a class. */
  mark(from: number, to: number, className: string): void {
    if (to > from) this.ranges.push(markOf(className).range(from, to))
  }

  /** Gives every line from `from` to `to` a class. */
  lines(from: number, to: number, className: string): void {
    const { doc } = this.state
    for (let n = doc.lineAt(from).number, last = doc.lineAt(to).number; n <= last; n++)
      this.ranges.push(lineOf(className).range(doc.line(n).from))
  }

  /** Shows a widget at `pos`, once however many visible ranges the node spans. */
  widget(pos: number, widget: WidgetType, side = 1): void {
    const key = `${pos}:${side}`
    if (this.widgetsAt.has(key)) return
    this.widgetsAt.add(key)
    this.ranges.push(Decoration.widget({ widget, side }).range(pos))
  }

  /** The text of `from`–`to`. */
  text(from: number, to: number): string {
    return this.state.sliceDoc(from, to)
  }

  /** Everything gathered, sorted as CodeMirror wants it. */
  finish(): DecorationSet {
    return Decoration.set(this.ranges, true)
  }
}

/** The children of a node with the given name. */
export function childrenNamed(node: SyntaxNode, name: string): SyntaxNode[] {
  const found: SyntaxNode[] = []
  for (let child = node.firstChild; child; child = child.nextSibling)
    if (child.name === name) found.push(child)
  return found
}

/** The node itself or its nearest ancestor with the given name, if any. */
export function enclosing(node: SyntaxNode | null, name: string): SyntaxNode | null {
  for (let at = node; at; at = at.parent) if (at.name === name) return at
  return null
}

/** How far the spaces and tabs after `pos` run (within the line). */
export function spacesAfter(state: EditorState, pos: number, limit = Number.POSITIVE_INFINITY): number {
  const { to } = state.doc.lineAt(pos)
  let end = pos
  while (end < to && end - pos < limit && /[ \t]/.test(state.sliceDoc(end, end + 1))) end++
  return end
}
