import { EditorState, type Extension } from '@codemirror/state'
import { EditorView } from '@codemirror/view'
import { type RefObject, useEffect, useRef } from 'react'
import { writingAids } from '../writing/aids.ts'
import type { WritingContext } from '../writing/context.ts'
import { baseExtensions, localHistory, shadowMount } from './codemirror-setup.ts'
import { livePreview } from './live-preview/live-preview.ts'

/** What the screen around the editor may do with it. */
export type EditorHandle = {
  /** Puts text at the cursor (replacing the selection) and keeps the focus there. */
  insert(text: string): void
}

/**
 * CodeMirror 6 on a file's exact text: what the person did not touch keeps its bytes. Files dropped
 * or pasted on it go to `onFiles`, the cursor first moved where they were dropped. `shared` binds it
 * to a text others edit too (its own undo, the others' cursors); `readOnly` lets nothing be typed.
 */
export function MarkdownEditor({
  initial,
  label,
  onChange,
  onFiles,
  handle,
  shared,
  writing,
  readOnly = false,
}: {
  initial: string
  label: string
  onChange: (text: string) => void
  onFiles?: (files: File[]) => void
  handle?: RefObject<EditorHandle | null>
  shared?: { extension: Extension; undo: Extension }
  /** Where the page is, for the writing aids (slash menu, page links); none in a plain text field. */
  writing?: WritingContext
  readOnly?: boolean
}) {
  const parent = useRef<HTMLDivElement>(null)
  // The latest callbacks, read by the editor's listeners (created once).
  const callbacks = useRef({ onChange, onFiles, writing })
  callbacks.current = { onChange, onFiles, writing }

  // biome-ignore lint/correctness/useExhaustiveDependencies: the editor is made once; a new text or mode remounts it (key).
  useEffect(() => {
    if (!parent.current) return
    const { root, parent: mount } = shadowMount(parent.current, 'text-editor')
    const view = new EditorView({
      parent: mount,
      root,
      state: EditorState.create({
        doc: initial,
        extensions: [
          baseExtensions(initial, label, shared ? shared.undo : localHistory),
          shared ? shared.extension : [],
          livePreview(),
          writing ? writingAids(() => callbacks.current.writing ?? writing) : [],
          EditorState.readOnly.of(readOnly),
          EditorView.editable.of(!readOnly),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) callbacks.current.onChange(update.state.sliceDoc())
          }),
          EditorView.domEventHandlers({
            drop(event, view) {
              const files = [...(event.dataTransfer?.files ?? [])]
              if (files.length === 0 || !callbacks.current.onFiles) return false
              event.preventDefault()
              const at = view.posAtCoords({ x: event.clientX, y: event.clientY })
              if (at !== null) view.dispatch({ selection: { anchor: at } })
              callbacks.current.onFiles(files)
              return true
            },
            paste(event) {
              const files = [...(event.clipboardData?.files ?? [])]
              if (files.length === 0 || !callbacks.current.onFiles) return false
              event.preventDefault()
              callbacks.current.onFiles(files)
              return true
            },
          }),
        ],
      }),
    })
    if (handle)
      handle.current = {
        insert(text) {
          view.dispatch(view.state.replaceSelection(text), { scrollIntoView: true })
          view.focus()
        },
      }
    return () => {
      if (handle) handle.current = null
      view.destroy()
      mount.remove()
    }
  }, [])

  return <div className="editor-text" ref={parent} />
}
