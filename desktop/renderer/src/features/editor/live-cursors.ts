import { type Extension, type Range, RangeSet } from '@codemirror/state'
import {
  Decoration,
  type DecorationSet,
  EditorView,
  ViewPlugin,
  type ViewUpdate,
  WidgetType,
} from '@codemirror/view'
import type { Awareness } from 'y-protocols/awareness'
import * as Y from 'yjs'

/**
 * The colours people are shown in, each readable with white text on it. A colour is given as a
 * class, not a style attribute: the app's Content-Security-Policy refuses inline styles.
 */
export const LIVE_COLORS = [
  '#1f6feb',
  '#b3261e',
  '#1e7d3a',
  '#8250df',
  '#b35900',
  '#0e7490',
  '#bf3989',
  '#4d5b1f',
]

/** The palette index of a colour another person announced (a colour not ours maps to one of ours). */
export function colorIndex(color: unknown): number {
  const text = typeof color === 'string' ? color : ''
  const known = LIVE_COLORS.indexOf(text)
  if (known >= 0) return known
  let hash = 0
  for (const char of text) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0
  return hash % LIVE_COLORS.length
}

/** The colour of a person, the same in every session: from their username. */
export function colorOf(username: string): string {
  let hash = 7
  for (const char of username) hash = (hash * 33 + (char.codePointAt(0) ?? 0)) >>> 0
  return LIVE_COLORS[hash % LIVE_COLORS.length] as string
}

/** Someone's caret with their name above it. */
class CaretWidget extends WidgetType {
  readonly color: number
  readonly name: string

  constructor(color: number, name: string) {
    super()
    this.color = color
    this.name = name
  }

  toDOM(): HTMLElement {
    const caret = document.createElement('span')
    caret.className = `cm-live-caret cm-live-c${this.color}`
    caret.setAttribute('aria-hidden', 'true')
    caret.append('\u2060')
    const label = document.createElement('span')
    label.className = 'cm-live-name'
    label.textContent = this.name
    caret.append(label, '\u2060')
    return caret
  }

  override eq(other: CaretWidget): boolean {
    return other.color === this.color && other.name === this.name
  }

  override ignoreEvent(): boolean {
    return true
  }
}

type Cursor = { anchor: unknown; head: unknown }

/**
 * Where someone's selection is in this text, or undefined when it is elsewhere, unknown, or not a
 * position at all: a presence is whatever another connection sent (`{anchor: null}` stopped the
 * plugin drawing everyone's carets).
 */
export function rangeOf(cursor: Cursor, text: Y.Text): { anchor: number; head: number } | undefined {
  const doc = text.doc
  if (!doc) return undefined
  const anchor = positionOf(cursor.anchor, doc)
  const head = positionOf(cursor.head, doc)
  if (!anchor || !head || anchor.type !== text || head.type !== text) return undefined
  return { anchor: anchor.index, head: head.index }
}

function positionOf(json: unknown, doc: Y.Doc): Y.AbsolutePosition | null {
  if (!json || typeof json !== 'object') return null
  try {
    return Y.createAbsolutePositionFromRelativePosition(Y.createRelativePositionFromJSON(json), doc)
  } catch {
    return null
  }
}

/** The decorations of one person's selection: its lines tinted, and their caret with their name. */
function selectionDecorations(
  view: EditorView,
  range: { anchor: number; head: number },
  color: number,
  name: string,
): Range<Decoration>[] {
  const length = view.state.doc.length
  const head = Math.min(range.head, length)
  const anchor = Math.min(range.anchor, length)
  const from = Math.min(anchor, head)
  const to = Math.max(anchor, head)
  const decorations: Range<Decoration>[] = []
  if (from < to)
    decorations.push(Decoration.mark({ class: `cm-live-selection cm-live-c${color}` }).range(from, to))
  decorations.push(
    Decoration.widget({ widget: new CaretWidget(color, name), side: head - anchor > 0 ? -1 : 1 }).range(head),
  )
  return decorations
}

/**
 * The others' carets and selections, named, and this person's own selection told to them. As
 * y-codemirror.next's remote selections, but coloured through classes (see LIVE_COLORS).
 */
export function liveCursors(text: Y.Text, awareness: Awareness): Extension {
  const plugin = ViewPlugin.fromClass(
    class {
      decorations: DecorationSet = RangeSet.empty
      private isDestroyed = false
      private readonly onChange: (change: { added: number[]; updated: number[]; removed: number[] }) => void
      readonly view: EditorView

      constructor(view: EditorView) {
        this.view = view
        this.onChange = ({ added, updated, removed }) => {
          const others = [...added, ...updated, ...removed].some((id) => id !== awareness.clientID)
          // Redrawn outside the awareness event: a dispatch may not happen during another update.
          if (others)
            queueMicrotask(() => {
              if (!this.isDestroyed) this.view.dispatch({})
            })
        }
        awareness.on('change', this.onChange)
        this.decorations = this.build()
      }

      update(update: ViewUpdate) {
        this.tellOwnSelection(update)
        this.decorations = this.build()
      }

      destroy() {
        this.isDestroyed = true
        awareness.off('change', this.onChange)
      }

      /** Tells the others where this person's selection is, while their editor has the focus. */
      tellOwnSelection(update: ViewUpdate) {
        const local = awareness.getLocalState()
        if (!local) return
        const hasFocus = update.view.hasFocus && update.view.dom.ownerDocument.hasFocus()
        if (!hasFocus) return
        const { anchor, head } = update.state.selection.main
        const next = {
          anchor: Y.createRelativePositionFromTypeIndex(text, anchor),
          head: Y.createRelativePositionFromTypeIndex(text, head),
        }
        const current = local.cursor as Cursor | null | undefined
        if (
          current &&
          Y.compareRelativePositions(Y.createRelativePositionFromJSON(current.anchor), next.anchor) &&
          Y.compareRelativePositions(Y.createRelativePositionFromJSON(current.head), next.head)
        )
          return
        awareness.setLocalStateField('cursor', next)
      }

      build(): DecorationSet {
        const decorations: Range<Decoration>[] = []
        for (const [client, state] of awareness.getStates()) {
          if (client === awareness.clientID || !state.cursor) continue
          const range = rangeOf(state.cursor as Cursor, text)
          if (!range) continue
          const user = (state.user ?? {}) as { name?: unknown; color?: unknown }
          const name = typeof user.name === 'string' && user.name ? user.name : '?'
          decorations.push(...selectionDecorations(this.view, range, colorIndex(user.color), name))
        }
        return Decoration.set(decorations, true)
      }
    },
    { decorations: (value) => value.decorations },
  )
  return [plugin, cursorTheme]
}

const cursorTheme = EditorView.baseTheme({
  // Room above the first line for a name shown there.
  '.cm-content': { paddingTop: '1.2rem' },
  '.cm-live-caret': {
    position: 'relative',
    borderLeft: '2px solid',
    marginLeft: '-1px',
    marginRight: '-1px',
  },
  '.cm-live-name': {
    position: 'absolute',
    left: '-2px',
    bottom: '100%',
    padding: '0 0.3em',
    borderRadius: '3px 3px 3px 0',
    font: '600 0.7rem/1.4 system-ui, sans-serif',
    color: '#ffffff',
    whiteSpace: 'nowrap',
    pointerEvents: 'none',
    userSelect: 'none',
    zIndex: '10',
  },
  ...Object.fromEntries(
    LIVE_COLORS.flatMap((color, index) => [
      [`.cm-live-caret.cm-live-c${index}`, { borderLeftColor: color }],
      [`.cm-live-c${index} > .cm-live-name`, { backgroundColor: color }],
      [`.cm-live-selection.cm-live-c${index}`, { backgroundColor: `${color}33` }],
    ]),
  ),
})
