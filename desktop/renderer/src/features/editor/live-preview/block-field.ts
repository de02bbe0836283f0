import { syntaxTree } from '@codemirror/language'
import { type EditorState, type Range, StateField, type Transaction } from '@codemirror/state'
import { Decoration, type DecorationSet, EditorView } from '@codemirror/view'
import { frontMatterSpan, PropertiesWidget, propertiesOf } from './front-matter.ts'
import { isFocusChange, revealedSpans, type Span, sameSpans, touches } from './reveal.ts'
import { TableWidget, tableModel } from './tables.ts'

/** The properties view of the front matter, unless the cursor is in it. */
function frontMatter(state: EditorState, revealed: readonly Span[]): Range<Decoration>[] {
  const span = frontMatterSpan(state.doc)
  if (!span || touches(revealed, span.from, span.to)) return []
  const lines = state.sliceDoc(span.from, span.to).split(state.lineBreak).slice(1, -1)
  const widget = new PropertiesWidget(propertiesOf(lines))
  return [Decoration.replace({ widget, block: true }).range(span.from, span.to)]
}

/**
 * The tables among the page's top-level blocks that overlap `from`–`to`, each drawn as a table unless
 * the selection touches it (a table in a list or a quote stays as typed). Returns them with the
 * stretch those blocks cover, which is what they replace in the set.
 */
function tablesIn(
  state: EditorState,
  revealed: readonly Span[],
  region: Span,
): { found: Range<Decoration>[]; covered: Span } {
  const found: Range<Decoration>[] = []
  const covered = { ...region }
  const skipTo = frontMatterSpan(state.doc)?.to ?? -1
  syntaxTree(state).iterate({
    from: region.from,
    to: region.to,
    enter(node) {
      if (node.name === 'Document') return true
      covered.from = Math.min(covered.from, node.from)
      covered.to = Math.max(covered.to, node.to)
      if (node.name !== 'Table' || node.from <= skipTo) return false
      const block = { from: state.doc.lineAt(node.from).from, to: state.doc.lineAt(node.to).to }
      if (touches(revealed, block.from, block.to)) return false
      const model = tableModel(node.node, (a, b) => state.sliceDoc(a, b), block.from)
      found.push(
        Decoration.replace({ widget: new TableWidget(model), block: true }).range(block.from, block.to),
      )
      return false
    },
  })
  return { found, covered }
}

/** Puts the tables of `regions` (and the front matter) afresh in `blocks`, leaving the rest as it was. */
function refresh(state: EditorState, blocks: DecorationSet, regions: readonly Span[]): DecorationSet {
  const revealed = revealedSpans(state)
  // The properties view is always at the very start: only that point is looked at.
  let set = blocks.update({
    filterFrom: 0,
    filterTo: 0,
    filter: (_from, _to, value) => !(value.spec.widget instanceof PropertiesWidget),
  })
  for (const region of mergeSpans(regions)) {
    const { found, covered } = tablesIn(state, revealed, region)
    set = set.update({
      filterFrom: covered.from,
      filterTo: covered.to,
      filter: (from, to) => to < covered.from || from > covered.to,
      add: found,
    })
  }
  return set.update({ add: frontMatter(state, revealed) })
}

function mergeSpans(spans: readonly Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.from - b.from)
  const merged: Span[] = []
  for (const span of sorted) {
    const last = merged.at(-1)
    if (last && span.from <= last.to + 1) last.to = Math.max(last.to, span.to)
    else merged.push({ ...span })
  }
  return merged
}

/**
 * What a transaction may have changed among the blocks: the changed text, the lines the selection
 * left or entered, and what the parser reached since (tables it had not seen yet).
 */
function regionsToRefresh(tr: Transaction): Span[] {
  const regions: Span[] = []
  tr.changes.iterChangedRanges((_fromA, _toA, fromB, toB) => regions.push({ from: fromB, to: toB }))
  const before = revealedSpans(tr.startState).map((span) => ({
    from: tr.changes.mapPos(span.from, -1),
    to: tr.changes.mapPos(span.to, 1),
  }))
  const after = revealedSpans(tr.state)
  if (!sameSpans(before, after)) regions.push(...before, ...after)
  const parsedBefore = syntaxTree(tr.startState).length
  const parsedAfter = syntaxTree(tr.state).length
  if (syntaxTree(tr.state) !== syntaxTree(tr.startState) && parsedAfter > 0)
    regions.push({ from: Math.min(tr.changes.mapPos(parsedBefore, -1), parsedAfter), to: parsedAfter })
  return regions
}

/**
 * The live preview's block widgets (front matter, tables). They replace whole lines, which CodeMirror
 * takes only from the state (not from a view plugin), so they are kept in a state field, updated
 * where something changed: a keystroke in a long page touches one block, not all of them.
 */
export const blockPreview = StateField.define<DecorationSet>({
  create: (state) => refresh(state, Decoration.none, [{ from: 0, to: state.doc.length }]),
  update(blocks, tr) {
    if (tr.reconfigured) return refresh(tr.state, Decoration.none, [{ from: 0, to: tr.state.doc.length }])
    const isRelevant =
      tr.docChanged ||
      tr.selection !== undefined ||
      isFocusChange(tr) ||
      syntaxTree(tr.state) !== syntaxTree(tr.startState)
    return isRelevant ? refresh(tr.state, blocks.map(tr.changes), regionsToRefresh(tr)) : blocks
  },
  provide: (field) => EditorView.decorations.from(field),
})
