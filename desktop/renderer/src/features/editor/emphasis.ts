import { EditorSelection, type SelectionRange, type StateCommand, type Text } from '@codemirror/state'

/** What opens a block at the start of a line (a heading, a quote, a list item, a task): never emphasised. */
const BLOCK_MARK = /^\s*(?:#{1,6}\s+|>\s*|(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?)/

/** How many `*` run from `text`'s start (up to three). */
const stars = (text: string) => /^\**/.exec(text.slice(0, 3))?.[0].length ?? 0

/** Whether a run of `count` stars holds `marker`: `**` is not `*`, `***` holds either. */
const holds = (count: number, marker: string) => count === marker.length || count === 3

/** Whether `marker` stands right before `from` and right after `to` (see holds). */
function isWrapped(doc: Text, from: number, to: number, marker: string): boolean {
  const before = [...doc.sliceString(Math.max(0, from - 3), from)].reverse().join('')
  return holds(stars(before), marker) && holds(stars(doc.sliceString(to, to + 3)), marker)
}

/**
 * Whether `marker` right after `at` closes an emphasis opened earlier on its line: the runs of `*`
 * before `at` holding the marker (see holds) are odd in number.
 */
function isClosing(doc: Text, at: number, marker: string): boolean {
  if (!holds(stars(doc.sliceString(at, at + 3)), marker)) return false
  const line = doc.lineAt(at)
  // A list item's `*` opens no emphasis.
  const start = line.from + (BLOCK_MARK.exec(line.text)?.[0].length ?? 0)
  const runs = doc.sliceString(Math.min(start, at), at).match(/\*+/g) ?? []
  return runs.filter((run) => holds(Math.min(run.length, 3), marker)).length % 2 === 1
}

/**
 * The part of a selection emphasis applies to: without the spaces and line breaks around it (a
 * triple click takes the line's end too) nor a block's mark at the start of its line; undefined for
 * a selection over several lines or of nothing but spaces.
 */
function emphasised(doc: Text, range: SelectionRange): { from: number; to: number } | undefined {
  let { from, to } = range
  while (from < to && /\s/.test(doc.sliceString(from, from + 1))) from++
  while (to > from && /\s/.test(doc.sliceString(to - 1, to))) to--
  if (from === to) return undefined
  const line = doc.lineAt(from)
  if (doc.lineAt(to).number !== line.number) return undefined
  const mark = BLOCK_MARK.exec(line.text)?.[0].length ?? 0
  from = Math.max(from, line.from + mark)
  return from < to ? { from, to } : undefined
}

/** The same range over new positions, keeping which end the cursor is at. */
function keepDirection(range: SelectionRange, from: number, to: number): SelectionRange {
  return range.anchor > range.head ? EditorSelection.range(to, from) : EditorSelection.range(from, to)
}

/**
 * Ctrl/Cmd+B and Ctrl/Cmd+I: the selection in bold or italics, or out of them when it already is
 * (its markers inside or around it); with nothing selected, the markers around the cursor, to type
 * between, or an empty pair taken away. A selection over several lines is left as it is: emphasis
 * does not cross a paragraph. (CodeMirror's own Mod-i selects the whole paragraph, which the next
 * letter typed then replaced.)
 */
export function toggleMarkup(marker: '*' | '**'): StateCommand {
  return ({ state, dispatch }) => {
    if (state.readOnly) return false
    const n = marker.length
    const { doc } = state
    const transaction = state.changeByRange((range) => {
      if (range.empty) {
        const at = range.head
        // `*|*` just typed: taken away; next to a word (`*a*|*b*`), new markers go in.
        const pair =
          isWrapped(doc, at, at, marker) &&
          /^(?:\s|)$/.test(doc.sliceString(Math.max(0, at - n - 1), at - n)) &&
          /^(?:\s|\p{P}|)$/u.test(doc.sliceString(at + n, at + n + 1))
        if (pair)
          return {
            changes: { from: at - n, to: at + n },
            range: EditorSelection.cursor(at - n),
          }
        // `**bold|**`, as after Ctrl+B and a word typed: the next press steps out, to go on plainly.
        if (isClosing(doc, at, marker)) return { range: EditorSelection.cursor(at + n) }
        return { changes: { from: at, insert: marker + marker }, range: EditorSelection.cursor(at + n) }
      }
      const span = emphasised(doc, range)
      if (!span) return { range }
      const { from, to } = span
      const text = doc.sliceString(from, to)
      if (
        text.length > 2 * n &&
        holds(stars(text), marker) &&
        holds(stars([...text].reverse().join('')), marker)
      )
        return {
          changes: [
            { from, to: from + n },
            { from: to - n, to },
          ],
          range: keepDirection(range, from, to - 2 * n),
        }
      if (isWrapped(doc, from, to, marker))
        return {
          changes: [
            { from: from - n, to: from },
            { from: to, to: to + n },
          ],
          range: keepDirection(range, from - n, to - n),
        }
      return {
        changes: [
          { from, insert: marker },
          { from: to, insert: marker },
        ],
        range: keepDirection(range, from + n, to + n),
      }
    })
    dispatch(state.update(transaction, { scrollIntoView: true, userEvent: 'input' }))
    return true
  }
}
