import { type EditorState, StateEffect, StateField, type Transaction } from '@codemirror/state'
import { EditorView } from '@codemirror/view'

/** A stretch of the document, as positions. */
export type Span = { from: number; to: number }

const setFocus = StateEffect.define<boolean>()

/**
 * Whether the editor has the focus. Kept in the state so that decorations computed from the state
 * alone (the tables and front matter) know it too: an editor nobody types in shows the whole page.
 */
export const focusState = StateField.define<boolean>({
  create: () => false,
  update(hasFocus, tr) {
    for (const effect of tr.effects) if (effect.is(setFocus)) return effect.value
    return hasFocus
  },
})

/** The focus tracked in the state, from the editor's own focus events. */
export const focusTracking = [
  focusState,
  EditorView.focusChangeEffect.of((_state, focusing) => setFocus.of(focusing)),
]

/** An effect telling the state the editor has (or has not) the focus, for an editor focused before the preview was on. */
export function focusEffect(hasFocus: boolean): StateEffect<boolean> {
  return setFocus.of(hasFocus)
}

/** Whether a transaction changed the focus kept in the state. */
export function isFocusChange(tr: Transaction): boolean {
  return tr.effects.some((effect) => effect.is(setFocus))
}

/**
 * The lines that show their source as typed: every line a selection range touches, while the editor
 * has the focus. Each span runs from the start of its first line to the end of its last.
 */
export function revealedSpans(state: EditorState): Span[] {
  if (!state.field(focusState, false)) return []
  return state.selection.ranges.map((range) => ({
    from: state.doc.lineAt(range.from).from,
    to: state.doc.lineAt(range.to).to,
  }))
}

/** Whether any of `spans` touches the stretch `from`–`to` (ends included: a cursor at a line's end is on it). */
export function touches(spans: readonly Span[], from: number, to: number): boolean {
  return spans.some((span) => span.from <= to && span.to >= from)
}

/** Whether two lists of revealed spans are the same, so nothing needs computing again. */
export function sameSpans(a: readonly Span[], b: readonly Span[]): boolean {
  return a.length === b.length && a.every((span, i) => span.from === b[i]?.from && span.to === b[i]?.to)
}
