import { type EditorView, WidgetType } from '@codemirror/view'
import { childrenNamed, type SyntaxNode } from './decorations.ts'
import { placeCursor } from './reveal.ts'

/** A cell of a table: its text, and where that text ends from the start of the table (for the cursor). */
type Cell = { text: string; end: number }
type Align = 'left' | 'center' | 'right' | ''

/** A table read from its source: the header row, the body rows, and each column's alignment. */
export type TableModel = { header: Cell[]; rows: Cell[][]; aligns: Align[] }

/**
 * The cells of a table row's source, empty ones included: the text between pipes not escaped, the
 * row's outer pipes aside. Each cell's `end` is where its text ends in the row (for an empty cell,
 * just inside it), to put the cursor there.
 */
export function rowCells(row: string): Cell[] {
  const pipes: number[] = []
  for (let i = 0; i < row.length; i++) {
    if (row[i] === '\\') i++
    else if (row[i] === '|') pipes.push(i)
  }
  const bounds = [-1, ...pipes, row.length]
  const cells: Cell[] = []
  for (let k = 0; k + 1 < bounds.length; k++) {
    const from = (bounds[k] as number) + 1
    const to = bounds[k + 1] as number
    const raw = row.slice(from, to)
    // Before the row's first pipe and after its last, only spaces: no cell there.
    if ((k === 0 || k === bounds.length - 2) && raw.trim() === '' && pipes.length > 0) continue
    const text = raw.trim()
    const end = text === '' ? Math.min(from + 1, to) : from + raw.trimEnd().length
    cells.push({ text, end })
  }
  return cells
}

/** A table of the syntax tree, read into rows of cells (`start`: where its first line begins). */
export function tableModel(
  node: SyntaxNode,
  slice: (from: number, to: number) => string,
  start: number,
): TableModel {
  // The parser leaves empty cells out: a row is read from its own text, so each cell stays in its column.
  const cellsOf = (row: SyntaxNode): Cell[] =>
    rowCells(slice(row.from, row.to)).map((cell) => ({ ...cell, end: cell.end + row.from - start }))
  const header = node.getChild('TableHeader')
  const delimiter = childrenNamed(node, 'TableDelimiter')[0]
  const aligns = delimiter ? alignsOf(slice(delimiter.from, delimiter.to)) : []
  const head = header ? cellsOf(header) : []
  // As Markdown reads a table: each row has the header's columns, missing cells empty, extra ones left out.
  const rows = childrenNamed(node, 'TableRow').map((row) => {
    const cells = cellsOf(row).slice(0, head.length)
    const rowEnd = row.to - start
    while (cells.length < head.length) cells.push({ text: '', end: rowEnd })
    return cells
  })
  return { header: head, rows, aligns }
}

function alignsOf(delimiterRow: string): Align[] {
  return delimiterRow
    .replace(/^\s*\|/, '')
    .replace(/\|\s*$/, '')
    .split('|')
    .map((cell) => {
      const spec = cell.trim()
      if (spec.startsWith(':') && spec.endsWith(':')) return 'center'
      if (spec.endsWith(':')) return 'right'
      if (spec.startsWith(':')) return 'left'
      return ''
    })
}

/**
 * A cell's Markdown to DOM nodes, built as text and elements (never parsed as HTML): code, strong,
 * emphasis, strikethrough, links shown by their text, images by their description.
 */
export function appendInline(parent: HTMLElement, source: string): void {
  const pattern =
    /(`+)(.+?)\1|\*\*(.+?)\*\*|__(.+?)__|~~(.+?)~~|\*(.+?)\*|_(.+?)_|!\[([^\]]*)\]\([^)]*\)|\[([^\]]*)\]\([^)]*\)|\\([!-/:-@[-`{-~])/g
  let last = 0
  for (const match of source.matchAll(pattern)) {
    parent.append(source.slice(last, match.index))
    last = match.index + match[0].length
    const [, , code, strong, strong2, strike, em, em2, alt, linkText, escaped] = match
    if (code !== undefined) element(parent, 'code', code)
    else if (strong !== undefined || strong2 !== undefined)
      appendInline(element(parent, 'strong', ''), strong ?? strong2 ?? '')
    else if (strike !== undefined) appendInline(element(parent, 's', ''), strike)
    else if (em !== undefined || em2 !== undefined) appendInline(element(parent, 'em', ''), em ?? em2 ?? '')
    else if (alt !== undefined) element(parent, 'span', alt).className = 'cm-lp-image-alt'
    else if (linkText !== undefined) {
      const text = element(parent, 'span', '')
      text.className = 'cm-lp-link'
      appendInline(text, linkText)
    } else parent.append(escaped ?? '')
  }
  parent.append(source.slice(last))
}

function element(parent: HTMLElement, tag: string, text: string): HTMLElement {
  const child = parent.appendChild(document.createElement(tag))
  child.textContent = text
  return child
}

/** A table drawn as a table; a click on a cell puts the cursor at the end of that cell's source. */
export class TableWidget extends WidgetType {
  private readonly model: TableModel

  constructor(model: TableModel) {
    super()
    this.model = model
  }

  override eq(other: TableWidget): boolean {
    return JSON.stringify(other.model) === JSON.stringify(this.model)
  }

  toDOM(view: EditorView): HTMLElement {
    const wrap = document.createElement('div')
    wrap.className = 'cm-lp-table'
    const table = wrap.appendChild(document.createElement('table'))
    const head = table.appendChild(document.createElement('thead')).appendChild(document.createElement('tr'))
    for (const [i, cell] of this.model.header.entries()) this.cell(view, wrap, head, 'th', cell, i)
    const body = table.appendChild(document.createElement('tbody'))
    for (const row of this.model.rows) {
      const tr = body.appendChild(document.createElement('tr'))
      for (const [i, cell] of row.entries()) this.cell(view, wrap, tr, 'td', cell, i)
    }
    // Elsewhere than on a cell (a border, the space beside a narrow table): the table's first line.
    wrap.addEventListener('mousedown', (event) => {
      if (event.defaultPrevented || event.button !== 0) return
      event.preventDefault()
      placeCursor(view, view.posAtDOM(wrap))
    })
    return wrap
  }

  private cell(
    view: EditorView,
    wrap: HTMLElement,
    row: HTMLElement,
    tag: 'th' | 'td',
    cell: Cell,
    i: number,
  ) {
    const element = row.appendChild(document.createElement(tag))
    const align = this.model.aligns[i]
    if (align) element.className = `cm-lp-align-${align}`
    appendInline(element, cell.text.trim())
    element.addEventListener('mousedown', (event) => {
      if (event.button !== 0) return
      event.preventDefault()
      placeCursor(view, view.posAtDOM(wrap) + cell.end)
    })
  }

  override get estimatedHeight(): number {
    return 34 * (this.model.rows.length + 1)
  }

  override ignoreEvent(): boolean {
    return true
  }
}
