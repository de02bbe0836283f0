import { EditorSelection, type EditorState, type TransactionSpec } from '@codemirror/state'
import { EditorView } from '@codemirror/view'

/** An address worth linking: web or mail, on its own, without spaces. */
const ADDRESS = /^(?:https?:\/\/|mailto:)[^\s<>]+$/i

/** Whether every bracket of a text is closed in order (what a link's text may hold unescaped). */
function isBalanced(text: string, open: string, close: string): boolean {
  let depth = 0
  for (const char of text) {
    if (char === open) depth++
    else if (char === close && --depth < 0) return false
  }
  return depth === 0
}

/**
 * The Markdown link that pasting `pasted` on the selected `selected` makes, or undefined when the
 * paste is an ordinary one: nothing selected, several lines selected, the selection already an
 * address (replaced as typed), or a paste that is not one address.
 */
export function pastedLink(selected: string, pasted: string): string | undefined {
  const url = pasted.trim()
  if (selected.trim() === '' || /[\r\n]/.test(selected) || !ADDRESS.test(url)) return undefined
  if (ADDRESS.test(selected.trim())) return undefined
  const label = isBalanced(selected, '[', ']') ? selected : selected.replace(/[[\]]/g, '\\$&')
  // An address with an unmatched parenthesis would end the link early: it goes between <>.
  const target = isBalanced(url, '(', ')') ? url : `<${url}>`
  return `[${label}](${target})`
}

/** The edit that turns every selected text into a link to the pasted address, or undefined when none does. */
export function pasteLinkEdit(state: EditorState, pasted: string): TransactionSpec | undefined {
  const links = state.selection.ranges.map((range) =>
    pastedLink(state.sliceDoc(range.from, range.to), pasted),
  )
  if (links.some((link) => link === undefined)) return undefined
  let index = 0
  const spec = state.changeByRange((range) => {
    const insert = links[index++]!
    return {
      changes: { from: range.from, to: range.to, insert },
      range: EditorSelection.cursor(range.from + insert.length),
    }
  })
  return { ...spec, scrollIntoView: true, userEvent: 'input.paste' }
}

/** A URL pasted on selected words makes them a link to it; any other paste is left to the editor. */
export const pasteLinks = EditorView.domEventHandlers({
  paste(event, view) {
    const data = event.clipboardData
    if (!data || data.files.length > 0) return false
    const edit = pasteLinkEdit(view.state, data.getData('text/plain'))
    if (!edit) return false
    event.preventDefault()
    view.dispatch(edit)
    return true
  },
})
