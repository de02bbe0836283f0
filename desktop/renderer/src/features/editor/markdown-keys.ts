import { deleteMarkupBackward, insertNewlineContinueMarkupCommand } from '@codemirror/lang-markdown'
import { ChangeSet, type ChangeSpec, type StateCommand, type Text, type Transaction } from '@codemirror/state'
import { keymap } from '@codemirror/view'
import { toggleMarkup } from './emphasis.ts'
import { indentItem, outdentItem } from './list-keys.ts'
import { nextCell, previousCell } from './table-keys.ts'

/**
 * lang-markdown's Enter, told to end a list on an empty item every time: left to itself, Enter on an
 * empty second item of a tight list inserts a blank line above it instead, which nobody expects.
 */
const continueMarkupAnywhere = insertNewlineContinueMarkupCommand({ nonTightLists: false })

/**
 * Enter in a list item or a quote continues its markup on the new line (`- `, `1. `, `- [ ] `,
 * `> `). Without it, a line typed after an item looks like its own line in the editor but is read
 * by Markdown as the end of the item above (a lazy continuation). On an empty item Enter ends the
 * list, and at the top level leaves a blank line under it, for the same reason.
 *
 * lang-markdown's command also renumbers the ordered items below the cursor. Those are lines the
 * person did not touch, often someone else's in a shared page, and the text must change only where
 * the person types: such changes are left out. The page reads the same, as Markdown numbers an
 * ordered list from its first item. All of them lie after the cursor's line, so the cursor the
 * command placed stays right. With several cursors, plain Enter does the work.
 */
export const continueMarkup: StateCommand = ({ state, dispatch }) => {
  if (state.selection.ranges.length !== 1) return false
  const made: Transaction[] = []
  if (!continueMarkupAnywhere({ state, dispatch: (transaction) => made.push(transaction) })) return false
  const [transaction] = made
  if (!transaction) return false
  const line = state.doc.lineAt(state.selection.main.head)
  const kept: ChangeSpec[] = []
  let isNewLine = false
  transaction.changes.iterChanges((from, to, _fromB, _toB, inserted) => {
    if (from > line.to) return
    kept.push({ from, to, insert: inserted })
    if (inserted.lines > 1) isNewLine = true
  })
  const changes = state.changes(kept)
  const text = changes.apply(state.doc)
  let head = transaction.newSelection.main.head
  let all = changes
  if (!isNewLine && endsBareList(text, head)) {
    all = changes.compose(ChangeSet.of({ from: head, insert: state.lineBreak }, text.length))
    // A line break is one position in the editor, whatever the file's line endings.
    head += 1
  }
  dispatch(
    state.update({ changes: all, selection: { anchor: head }, scrollIntoView: true, userEvent: 'input' }),
  )
  return true
}

/**
 * Whether an item's marker was just taken away at the top level, leaving the cursor on an empty
 * line right under the list: what is typed there would be read as part of the last item.
 */
function endsBareList(doc: Text, head: number): boolean {
  const line = doc.lineAt(head)
  return line.length === 0 && line.number > 1 && /\S/.test(doc.line(line.number - 1).text)
}

/**
 * Markdown's keys, before CodeMirror's own: Enter continues a list or a quote, and Backspace right
 * after an item's marker takes the marker away (a plain line of the item, then no indent) rather than
 * one character of it; both fall through to the plain keys elsewhere. Ctrl/Cmd+B and +I put the
 * selection in bold and italics, as in every editor. Tab and Shift+Tab go from cell to cell in a table
 * (table-keys.ts) and nest a list item or take it back a level (list-keys.ts); elsewhere they leave
 * the focus to move on, and Escape then Tab always does.
 */
export const markdownKeys = keymap.of([
  { key: 'Enter', run: continueMarkup },
  { key: 'Backspace', run: deleteMarkupBackward },
  { key: 'Mod-b', run: toggleMarkup('**') },
  { key: 'Mod-i', run: toggleMarkup('*') },
  { key: 'Tab', run: nextCell, shift: previousCell },
  { key: 'Tab', run: indentItem, shift: outdentItem },
])
