import { syntaxTree } from '@codemirror/language'
import { type EditorState, type Range, StateField, type Transaction } from '@codemirror/state'
import { Decoration, type DecorationSet, EditorView } from '@codemirror/view'
import { frontMatterSpan, PropertiesWidget, propertiesOf } from './front-matter.ts'
import { isFocusChange, revealedSpans, type Span, touches } from './reveal.ts'
import { TableWidget, tableModel } from './tables.ts'

/** Whole-line blocks a widget stands for (front matter, tables), with the lines they cover. */
function blockOf(state: EditorState, from: number, to: number) {
  return { from: state.doc.lineAt(from).from, to: state.doc.lineAt(to).to }
}

/** The properties view of the front matter, unless the cursor is in it. */
function frontMatter(state: EditorState, revealed: readonly Span[]): Range<Decoration>[] {
  const span = frontMatterSpan(state.doc)
  if (!span || touches(revealed, span.from, span.to)) return []
  const lines = state.sliceDoc(span.from, span.to).split(state.lineBreak).slice(1, -1)
  return [
    Decoration.replace({ widget: new PropertiesWidget(propertiesOf(lines)), block: true }).range(
      span.from,
      span.to,
    ),
  ]
}

/**
 * The tables of the page, each drawn as a table unless the selection touches it. Only the page's
 * top-level blocks are walked (a table in a list or a quote stays as typed), up to where the syntax
 * tree is parsed: tables past that point keep their widgets until the parser gets there.
 */
function tables(state: EditorState, revealed: readonly Span[], skipTo: number): Range<Decoration>[] {
  const found: Range<Decoration>[] = []
  const cursor = syntaxTree(state).cursor()
  if (!cursor.firstChild()) return found
  do {
    if (cursor.name !== 'Table' || cursor.from <= skipTo) continue
    const block = blockOf(state, cursor.from, cursor.to)
    if (touches(revealed, block.from, block.to)) continue
    const model = tableModel(cursor.node, (from, to) => state.sliceDoc(from, to), block.from)
    found.push(
      Decoration.replace({ widget: new TableWidget(model), block: true }).range(block.from, block.to),
    )
  } while (cursor.nextSibling())
  return found
}

function build(state: EditorState, kept: DecorationSet = Decoration.none): DecorationSet {
  const revealed = revealedSpans(state)
  const skipTo = frontMatterSpan(state.doc)?.to ?? -1
  const ranges = [...frontMatter(state, revealed), ...tables(state, revealed, skipTo)]
  const parsedTo = syntaxTree(state).length
  if (parsedTo < state.doc.length)
    kept.between(parsedTo, state.doc.length, (from, to, value) => {
      if (from >= parsedTo && value.spec.widget instanceof TableWidget) ranges.push(value.range(from, to))
    })
  return Decoration.set(ranges, true)
}

function needsBuilding(tr: Transaction): boolean {
  return (
    tr.docChanged ||
    tr.selection !== undefined ||
    isFocusChange(tr) ||
    syntaxTree(tr.state) !== syntaxTree(tr.startState) ||
    tr.reconfigured
  )
}

/**
 * The live preview's block widgets. They replace whole lines, which CodeMirror takes only from the
 * state (not from a view plugin), so they are kept in a state field.
 */
export const blockPreview = StateField.define<DecorationSet>({
  create: (state) => build(state),
  update(blocks, tr) {
    return needsBuilding(tr) ? build(tr.state, blocks.map(tr.changes)) : blocks
  },
  provide: (field) => EditorView.decorations.from(field),
})
