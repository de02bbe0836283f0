import { EditorState, type TransactionSpec } from '@codemirror/state'
import { markdownSupport } from '../editor/codemirror-setup.ts'

/**
 * An editor state on `text` as the page editor makes it (Markdown with GitHub's extensions), the
 * cursor where the last `|` is written (then taken out), for the writing aids' tests.
 */
export function stateAt(text: string): { state: EditorState; pos: number } {
  const pos = text.lastIndexOf('|')
  const doc = pos < 0 ? text : text.slice(0, pos) + text.slice(pos + 1)
  const state = EditorState.create({
    doc,
    selection: { anchor: pos < 0 ? doc.length : pos },
    extensions: [markdownSupport, EditorState.allowMultipleSelections.of(true)],
  })
  return { state, pos: pos < 0 ? doc.length : pos }
}

/** The text after an edit, the cursor written `|` where the edit leaves it. */
export function afterEdit(state: EditorState, spec: TransactionSpec): string {
  const next = state.update(spec).state
  const at = next.selection.main.head
  return `${next.sliceDoc(0, at)}|${next.sliceDoc(at)}`
}
