import { type Extension, Prec } from '@codemirror/state'
import { EditorView, keymap } from '@codemirror/view'
import { blockPreview } from './block-field.ts'
import { followLinkAtCursor, followOnModClick } from './follow.ts'
import { inlinePreview } from './inline.ts'
import { type LivePreviewOptions, livePreviewOptions } from './options.ts'
import { focusTracking, holdWhilePressed } from './reveal.ts'
import { livePreviewTheme } from './theme.ts'

export { filesRead, type LivePreviewLabels, type LivePreviewOptions } from './options.ts'

/**
 * Markdown rendered in place, except on the lines being edited, which show their source. Only
 * decorations: the document (the file's bytes) is never changed by the preview itself; a ticked
 * checkbox is an edit of one character, made as the person's.
 */
export function livePreview(options: LivePreviewOptions): Extension {
  return [
    livePreviewOptions.of(options),
    focusTracking,
    blockPreview,
    inlinePreview,
    EditorView.editorAttributes.of({ class: 'cm-lp' }),
    livePreviewTheme,
    EditorView.domEventHandlers({
      mousedown(event, view) {
        if (followOnModClick(event, view)) return true
        if (event.button === 0) holdWhilePressed(view, 'mouse')
        return false
      },
      touchstart(event, view) {
        if (event.touches.length === 1) holdWhilePressed(view, 'touch')
        return false
      },
    }),
    Prec.high(keymap.of([{ key: 'Mod-Enter', run: followLinkAtCursor }])),
  ]
}
