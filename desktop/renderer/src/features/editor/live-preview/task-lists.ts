import { Transaction } from '@codemirror/state'
import { type EditorView, WidgetType } from '@codemirror/view'
import { type Decorations, type SyntaxNode, spacesAfter } from './decorations.ts'

/** A task's box `[ ]` or `[x]`, three characters long. */
const TASK_MARKER = /^\[[ xX]\]$/

/**
 * The checkbox of a task. Ticking it changes one character of the file (`[ ]` to `[x]` and back);
 * the widget sits right after the marker it stands for.
 */
class CheckboxWidget extends WidgetType {
  private readonly isChecked: boolean
  private readonly label: string

  /** How far after the marker's end the widget sits (past the space that follows the marker). */
  private readonly gap: number

  constructor(isChecked: boolean, label: string, gap: number) {
    super()
    this.isChecked = isChecked
    this.label = label
    this.gap = gap
  }

  override eq(other: CheckboxWidget): boolean {
    return other.isChecked === this.isChecked && other.label === this.label && other.gap === this.gap
  }

  toDOM(view: EditorView): HTMLElement {
    const box = document.createElement('input')
    box.type = 'checkbox'
    box.className = 'cm-lp-task'
    box.checked = this.isChecked
    box.disabled = view.state.readOnly
    box.setAttribute('aria-label', this.label)
    // The text keeps the focus and the cursor stays where it was.
    box.addEventListener('mousedown', (event) => event.preventDefault())
    box.addEventListener('click', () => toggleTask(view, view.posAtDOM(box) - this.gap))
    return box
  }

  override updateDOM(dom: HTMLElement, view: EditorView): boolean {
    if (!(dom instanceof HTMLInputElement)) return false
    dom.checked = this.isChecked
    dom.disabled = view.state.readOnly
    dom.setAttribute('aria-label', this.label)
    return true
  }

  override ignoreEvent(): boolean {
    return true
  }
}

/** Ticks or unticks the task whose marker `[ ]` ends at `end`: one character changes, nothing else. */
export function toggleTask(view: EditorView, end: number): boolean {
  const marker = view.state.sliceDoc(end - 3, end)
  if (view.state.readOnly || !TASK_MARKER.test(marker)) return false
  view.dispatch({
    changes: { from: end - 2, to: end - 1, insert: marker[1] === ' ' ? 'x' : ' ' },
    annotations: Transaction.userEvent.of('input.toggle'),
  })
  return true
}

/** A list item's `-`, `*` or `+` drawn as a bullet off the edited lines; numbers stay, quieter. */
export function listMark(node: SyntaxNode, out: Decorations): void {
  const item = node.parent
  if (item?.getChild('Task')) return
  if (item?.parent?.name === 'OrderedList') out.mark(node.from, node.to, 'cm-lp-number')
  else if (!out.isRevealed(node.from)) out.mark(node.from, node.to, 'cm-lp-bullet')
}

/** `- [ ] task`: a checkbox in place of the bullet and box, off the edited lines; a done task is quieter. */
export function task(node: SyntaxNode, out: Decorations): void {
  const marker = node.getChild('TaskMarker')
  if (!marker) return
  const isChecked = out.text(marker.from + 1, marker.to - 1).toLowerCase() === 'x'
  const lineEnd = out.state.doc.lineAt(marker.from).to
  const textFrom = spacesAfter(out.state, marker.to)
  if (isChecked) out.mark(textFrom, lineEnd, 'cm-lp-task-done')
  if (out.isRevealed(marker.from)) return
  const bullet = node.parent?.getChild('ListMark')
  // The box stands for the bullet, the marker and one space after it: its own margin is the gap.
  const hideTo = spacesAfter(out.state, marker.to, 1)
  out.hide(bullet ? bullet.from : marker.from, hideTo)
  out.widget(hideTo, new CheckboxWidget(isChecked, out.text(textFrom, lineEnd), hideTo - marker.to))
}
