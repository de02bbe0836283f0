import { ensureSyntaxTree } from '@codemirror/language'
import { EditorSelection, type EditorState, type StateCommand } from '@codemirror/state'
import { enclosing } from './live-preview/decorations.ts'
import { rowCells } from './live-preview/tables.ts'

/** A cell of a table's source: where its text starts and ends in the document (an empty cell: one spot). */
type CellSpan = { from: number; to: number }

/** How long the editor may spend parsing to find whether the cursor is in a table, in ms. */
const PARSE_BUDGET = 50

/** The table around `pos`, as the lines it spans, or undefined when `pos` is not in a table. */
function tableLinesAt(state: EditorState, pos: number): { first: number; last: number } | undefined {
  const tree = ensureSyntaxTree(state, state.doc.lineAt(pos).to, PARSE_BUDGET)
  if (!tree) return undefined
  const table =
    enclosing(tree.resolveInner(pos, 1), 'Table') ?? enclosing(tree.resolveInner(pos, -1), 'Table')
  if (!table) return undefined
  return { first: state.doc.lineAt(table.from).number, last: state.doc.lineAt(table.to).number }
}

/** What a row of a table in a quote or a list starts with before the row itself: `> `, an indent. */
function containerPrefix(text: string): string {
  return /^[ \t>]*/.exec(text)?.[0] ?? ''
}

/** The cells of line `number`, as spans of the document (the delimiter row under the header has none). */
function cellsOfLine(state: EditorState, number: number, first: number): CellSpan[] {
  if (number === first + 1) return []
  const line = state.doc.line(number)
  const start = line.from + containerPrefix(line.text).length
  return rowCells(state.sliceDoc(start, line.to)).map((cell) => ({
    from: start + cell.end - cell.text.length,
    to: start + cell.end,
  }))
}

/** The index of the cell the cursor is in: the last whose text starts at or before it. */
function cellIndexAt(cells: readonly CellSpan[], pos: number): number {
  let index = 0
  cells.forEach((cell, i) => {
    if (cell.from <= pos) index = i
  })
  return index
}

/** A row of `columns` empty cells, as the app's `/table` writes one. */
function emptyRow(columns: number): string {
  return `|${'  |'.repeat(Math.max(1, columns))}`
}

/**
 * Tab in a table: the cursor goes to the next cell, its text selected so that typing replaces it, and
 * from the last cell of the row to the first of the next. From the table's last cell a new row is
 * added, as in the table editors people know. Outside a table Tab is left alone (it moves the focus
 * out of the editor, as CodeMirror keeps it for keyboard users).
 */
export const nextCell: StateCommand = ({ state, dispatch }) => moveCell(state, dispatch, 1)

/** Shift+Tab in a table: the cursor goes to the previous cell (see nextCell); it stays in the first. */
export const previousCell: StateCommand = ({ state, dispatch }) => moveCell(state, dispatch, -1)

function moveCell(
  state: EditorState,
  dispatch: Parameters<StateCommand>[0]['dispatch'],
  step: 1 | -1,
): boolean {
  if (state.selection.ranges.length !== 1 || state.readOnly) return false
  const head = state.selection.main.head
  const table = tableLinesAt(state, head)
  if (!table) return false
  let number = state.doc.lineAt(head).number
  let cells = cellsOfLine(state, number, table.first)
  let index = cells.length === 0 ? (step === 1 ? -1 : 0) : cellIndexAt(cells, head) + step
  while (index < 0 || index >= cells.length) {
    number += step
    if (number < table.first) return true
    if (number > table.last) return addRow(state, dispatch, table)
    cells = cellsOfLine(state, number, table.first)
    index = step === 1 ? 0 : cells.length - 1
  }
  const cell = cells[index] as CellSpan
  dispatch(state.update({ selection: EditorSelection.single(cell.from, cell.to), scrollIntoView: true }))
  return true
}

/** A new empty row under the table, with the header's columns, the cursor in its first cell. */
function addRow(
  state: EditorState,
  dispatch: Parameters<StateCommand>[0]['dispatch'],
  table: { first: number; last: number },
): boolean {
  const header = state.doc.line(table.first).text
  const columns = rowCells(header.slice(containerPrefix(header).length)).length
  const last = state.doc.line(table.last)
  // The new row stays in the quote or the list the table is in, as the page reads it.
  const prefix = containerPrefix(last.text)
  const insert = state.lineBreak + prefix + emptyRow(columns)
  // A line break is one position in the editor, whatever the file's line endings.
  const cursor = last.to + 1 + prefix.length + 2
  dispatch(
    state.update({
      changes: { from: last.to, insert },
      selection: { anchor: cursor },
      scrollIntoView: true,
      userEvent: 'input',
    }),
  )
  return true
}
