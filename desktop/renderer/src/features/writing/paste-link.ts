import { syntaxTree } from '@codemirror/language'
import { type EditorState, type Extension, Prec, type TransactionSpec } from '@codemirror/state'
import { EditorView } from '@codemirror/view'
import { isLiteralAt } from './slash-menu.ts'

/** An address worth linking: web or mail, on its own, without spaces. */
const ADDRESS = /^(?:https?:\/\/|mailto:|www\.)[^\s<>]+$/i

/** Markdown whose text is not words to link: code, raw HTML, links and images, addresses, escapes. */
const NOT_WORDS = /Code|HTML|Comment|Processing|Link|URL|Image|Escape|Entity|HorizontalRule/

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
  const address = /^www\./i.test(url) ? `https://${url}` : url
  // An address with an unmatched parenthesis would end the link early: it goes between <>.
  const target = isBalanced(address, '(', ')') ? address : `<${address}>`
  return `[${label}](${target})`
}

/**
 * Whether `from`..`to` holds only words: nothing there is code, a link, an address or raw HTML, and
 * no emphasis or other markup starts on one side of it and ends on the other.
 */
function holdsOnlyWords(state: EditorState, from: number, to: number): boolean {
  if (isLiteralAt(state, from)) return false
  let isWords = true
  syntaxTree(state).iterate({
    from,
    to,
    enter(node) {
      if (node.to <= from || node.from >= to || node.name === 'Document') return
      const isAround = node.from <= from && node.to >= to
      const isWithin = node.from >= from && node.to <= to
      // A mark (`**`, `#`, `>`) taken without the rest of what it marks would be cut off from it.
      const parent = node.node.parent
      const isCutMark =
        node.name.endsWith('Mark') && parent !== null && !(parent.from >= from && parent.to <= to)
      if (!(isAround || isWithin) || isCutMark || NOT_WORDS.test(node.name)) isWords = false
    },
  })
  return isWords
}

/**
 * The edit that pasting `pasted` makes a link of the one selected text, or undefined for an ordinary
 * paste (several selections, or `pastedLink` says no). The selected words keep their bytes when they
 * can: the link's marks are written around them.
 */
export function pasteLinkEdit(state: EditorState, pasted: string): TransactionSpec | undefined {
  const { ranges } = state.selection
  if (ranges.length !== 1) return undefined
  const { from, to } = ranges[0]!
  const selected = state.sliceDoc(from, to)
  const link = pastedLink(selected, pasted)
  if (!link || !holdsOnlyWords(state, from, to)) return undefined
  const changes = link.startsWith(`[${selected}](`)
    ? [
        { from, insert: '[' },
        { from: to, insert: link.slice(selected.length + 1) },
      ]
    : [{ from, to, insert: link }]
  return {
    changes,
    selection: { anchor: from + link.length },
    scrollIntoView: true,
    userEvent: 'input.paste',
  }
}

/**
 * A URL pasted on selected words makes them a link to it, the cursor after it; any other paste is
 * left to the editor. Before the Markdown language's own such paste, which leaves the words selected
 * (typing on would replace them) and takes an address for words.
 */
export const pasteLinks: Extension = Prec.high(
  EditorView.domEventHandlers({
    paste(event, view) {
      const data = event.clipboardData
      if (!data || data.files.length > 0) return false
      const edit = pasteLinkEdit(view.state, data.getData('text/plain'))
      if (!edit) return false
      event.preventDefault()
      view.dispatch(edit)
      return true
    },
  }),
)
