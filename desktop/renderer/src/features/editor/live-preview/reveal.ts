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

/** An effect telling the state the editor has (or has not) the focus, for an editor focused before the preview was on. */
export function focusEffect(hasFocus: boolean): StateEffect<boolean> {
  return setFocus.of(hasFocus)
}

/** Whether a transaction changed the focus or the pressed button kept in the state. */
export function isFocusChange(tr: Transaction): boolean {
  return tr.effects.some((effect) => effect.is(setFocus) || effect.is(setPressed))
}

const setPressed = StateEffect.define<boolean>()

/**
 * While a mouse button is held in the text, the lines shown as source stay as they were when it went
 * down: the page does not move under the pointer while a click or a drag picks its place. The lines
 * the selection then touches show their source once the button is released.
 */
export const pressedState = StateField.define<readonly Span[] | null>({
  create: () => null,
  update(frozen, tr) {
    for (const effect of tr.effects)
      if (effect.is(setPressed)) return effect.value ? revealedSpans(tr.startState) : null
    if (!frozen || !tr.docChanged) return frozen
    return frozen.map((span) => ({
      from: tr.changes.mapPos(span.from, -1),
      to: tr.changes.mapPos(span.to, 1),
    }))
  },
})

/** An effect telling the state a mouse button went down in the text (or came back up). */
export function pressEffect(isPressed: boolean): StateEffect<boolean> {
  return setPressed.of(isPressed)
}

/** When a finger last touched the text: the mouse events a browser makes of a tap follow it. */
let lastTouchAt = Number.NEGATIVE_INFINITY
/** How long after a touch a mouse event is taken for the browser's copy of the tap. */
const TAP_MOUSE_MS = 1_000

/**
 * Keeps the revealed lines still from a press in the text (a mouse button, or a finger) to its
 * release. A finger's first tap matters most: the editor takes the focus as it lands, and the
 * cursor's line showing its source then redrew the text under the finger, which put the cursor at
 * the top of the page rather than where it was tapped. A tap places the cursor after its release
 * (and after the mouse events the browser makes of it), so its lines are let go a moment later; a
 * mouse's click has placed it by then, and a key typed right after must find its line shown.
 */
export function holdWhilePressed(view: EditorView, press: 'mouse' | 'touch'): void {
  const now = Date.now()
  if (press === 'touch') lastTouchAt = now
  const isTap = now - lastTouchAt < TAP_MOUSE_MS
  view.dispatch({ effects: setPressed.of(true) })
  const release = press === 'touch' ? 'touchend' : 'mouseup'
  const letGo = () => {
    if (view.dom.isConnected) view.dispatch({ effects: setPressed.of(false) })
  }
  const released = () => {
    window.removeEventListener(release, released)
    window.removeEventListener('touchcancel', released)
    if (isTap) setTimeout(letGo)
    else letGo()
  }
  window.addEventListener(release, released)
  if (press === 'touch') window.addEventListener('touchcancel', released)
}

/**
 * The lines that show their source as typed: every line a selection range touches, while the editor
 * has the focus (as they were when a mouse button went down, while it is held). Each span runs from
 * the start of its first line to the end of its last.
 */
export function revealedSpans(state: EditorState): readonly Span[] {
  const frozen = state.field(pressedState, false)
  if (frozen) return frozen
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

/** The focus and the pressed mouse button tracked in the state, from the editor's own events. */
export const focusTracking = [
  focusState,
  pressedState,
  EditorView.focusChangeEffect.of((_state, focusing) => setFocus.of(focusing)),
]

/**
 * Puts the cursor at `pos` from a click on a widget, focusing the editor first: the selection the
 * browser gives an editor as it takes the focus would otherwise replace this one.
 */
export function placeCursor(view: EditorView, pos: number): void {
  view.focus()
  view.dispatch({ selection: { anchor: pos }, scrollIntoView: true })
}
