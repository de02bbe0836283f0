import { ensureSyntaxTree } from '@codemirror/language'
import type { ChangeSpec, EditorState, StateCommand } from '@codemirror/state'
import { enclosing, type SyntaxNode } from './live-preview/decorations.ts'

/** How long the editor may spend parsing to find the list item under the cursor, in ms. */
const PARSE_BUDGET = 50

/** The list item whose first line holds the cursor (and the whole selection), if there is one. */
function itemAt(state: EditorState): SyntaxNode | undefined {
  const { ranges, main } = state.selection
  if (ranges.length !== 1) return undefined
  const line = state.doc.lineAt(main.head)
  if (state.doc.lineAt(main.anchor).number !== line.number) return undefined
  const indent = /^ */.exec(line.text)?.[0].length ?? 0
  const tree = ensureSyntaxTree(state, line.to, PARSE_BUDGET)
  const item = enclosing(tree?.resolveInner(line.from + indent, 1) ?? null, 'ListItem')
  return item?.from === line.from + indent ? item : undefined
}

/** How far a line is indented, in spaces; undefined when tabs indent it (their width is unknown). */
function indentOf(state: EditorState, pos: number): number | undefined {
  const line = state.doc.lineAt(pos)
  const lead = /^[ \t]*/.exec(line.text)?.[0] ?? ''
  return lead.includes('\t') ? undefined : lead.length
}

/** The column where an item's text starts (from the line's start): after its marker and a space or more. */
function contentColumn(state: EditorState, item: SyntaxNode): number | undefined {
  const mark = item.getChild('ListMark')
  if (!mark) return undefined
  const line = state.doc.lineAt(item.from)
  const after = /^ */.exec(line.text.slice(mark.to - line.from))?.[0].length ?? 0
  return mark.to - line.from + Math.max(1, Math.min(after, 4))
}

/** Changes that indent (or, with a negative `by`, outdent) every written line of `item` by `by` spaces. */
function shiftLines(state: EditorState, item: SyntaxNode, by: number): ChangeSpec[] {
  const changes: ChangeSpec[] = []
  const last = state.doc.lineAt(item.to).number
  for (let n = state.doc.lineAt(item.from).number; n <= last; n++) {
    const line = state.doc.line(n)
    if (line.text.trim() === '') continue
    if (by > 0) changes.push({ from: line.from, insert: ' '.repeat(by) })
    else {
      const lead = /^ */.exec(line.text)?.[0].length ?? 0
      changes.push({ from: line.from, to: line.from + Math.min(lead, -by) })
    }
  }
  return changes
}

/**
 * Tab on a list item's first line nests it, with its own sub-items, under the item above: its marker
 * moves to where that item's text starts, as Markdown needs. An ordered item that starts a new sub-list
 * is numbered 1. The first item of a list has nothing to nest under and stays. Elsewhere Tab is left
 * alone (Escape, then Tab, always moves the focus on, CodeMirror's way out for keyboard users).
 */
export const indentItem: StateCommand = ({ state, dispatch }) => {
  if (state.readOnly) return false
  const item = itemAt(state)
  if (!item) return false
  const above = item.prevSibling
  if (above?.name !== 'ListItem') return true
  const own = indentOf(state, item.from)
  const column = contentColumn(state, above)
  if (own === undefined || column === undefined || column <= own) return true
  const changes = shiftLines(state, item, column - own)
  const mark = item.getChild('ListMark')
  const startsSubList = !above.getChild('OrderedList') && !above.getChild('BulletList')
  if (mark && startsSubList && item.parent?.name === 'OrderedList') {
    const number = /^\d+/.exec(state.sliceDoc(mark.from, mark.to))?.[0] ?? ''
    if (number !== '1') changes.push({ from: mark.from, to: mark.from + number.length, insert: '1' })
  }
  dispatch(state.update({ changes, scrollIntoView: true, userEvent: 'input.indent' }))
  return true
}

/**
 * Shift+Tab on a nested list item's first line takes it, with its own sub-items, back to the level of
 * the item it is nested in. A top-level item stays.
 */
export const outdentItem: StateCommand = ({ state, dispatch }) => {
  if (state.readOnly) return false
  const item = itemAt(state)
  if (!item) return false
  const parent = item.parent?.parent
  if (parent?.name !== 'ListItem') return true
  const own = indentOf(state, item.from)
  const target = indentOf(state, parent.from)
  if (own === undefined || target === undefined || own <= target) return true
  dispatch(
    state.update({
      changes: shiftLines(state, item, target - own),
      scrollIntoView: true,
      userEvent: 'delete.dedent',
    }),
  )
  return true
}
