import { Compartment, EditorState, type Extension } from '@codemirror/state'
import { EditorView } from '@codemirror/view'
import { useNavigate } from '@tanstack/react-router'
import { type RefObject, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { PageContext } from '../../markdown/resolve-links.ts'
import { writingAids } from '../writing/aids.ts'
import type { WritingContext } from '../writing/context.ts'
import { baseExtensions, localHistory, shadowMount } from './codemirror-setup.ts'
import { findAndReplace } from './find.ts'
import { filesRead, type LivePreviewOptions, livePreview } from './live-preview/live-preview.ts'

/**
 * The events of typing that stop at the editor's host: CodeMirror has handled them inside, nothing
 * of the app reads them, and React's root would go through its event system for each, four times a
 * keystroke. Keys themselves (`keydown`) go on: the app's shortcuts listen for them.
 */
const EDITOR_OWN_EVENTS = ['beforeinput', 'input', 'textInput', 'keypress'] as const
const stopHere = (event: Event) => event.stopPropagation()

/** What the screen around the editor may do with it. */
export type EditorHandle = {
  /** Puts text at the cursor (replacing the selection) and keeps the focus there. */
  insert(text: string): void
  /** Makes the text `next` by the smallest change, leaving the focus where it is. */
  replaceText(next: string): void
}

/**
 * CodeMirror 6 on a file's exact text: what the person did not touch keeps its bytes. Files dropped
 * or pasted on it go to `onFiles`, the cursor first moved where they were dropped. `shared` binds it
 * to a text others edit too (its own undo, the others' cursors); `readOnly` lets nothing be typed.
 * With `page`, Markdown is shown rendered in place (`isLivePreview`) or as plain Markdown; switching
 * keeps the text, the cursor and the undo history.
 */
export function MarkdownEditor({
  initial,
  label,
  onChange,
  onFiles,
  handle,
  shared,
  writing,
  page,
  isLivePreview = false,
  readOnly = false,
  holding = false,
}: {
  initial: string
  label: string
  /** Told of each change with a way to read the whole text: reading it costs a copy of the page. */
  onChange: (read: () => string) => void
  onFiles?: (files: File[]) => void
  handle?: RefObject<EditorHandle | null>
  shared?: { extension: Extension; undo: Extension }
  /** Where the page is, for the writing aids (slash menu, page links); none in a plain text field. */
  writing?: WritingContext
  /** Where the page is, for the live preview's links and images. */
  page?: PageContext
  /** Markdown rendered in place rather than shown as plain Markdown. */
  isLivePreview?: boolean
  readOnly?: boolean
  /**
   * A save of the text is on its way: nothing can be typed until it is done, as what is typed then
   * would not be in what was saved and would be lost when the screen moves on.
   */
  holding?: boolean
}) {
  const { t } = useTranslation()
  const parent = useRef<HTMLDivElement>(null)
  const view = useRef<EditorView | null>(null)
  const preview = useRef(new Compartment())
  const hold = useRef(new Compartment())
  const isPreviewOn = useRef(isLivePreview)
  const previewOptions = useLivePreviewOptions(page)
  // The latest callbacks, read by the editor's listeners (created once).
  const callbacks = useRef({ onChange, onFiles, writing })
  callbacks.current = { onChange, onFiles, writing }
  const previewExtension = () => (isLivePreview ? livePreview(previewOptions) : [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: the editor is made once; a new text remounts it (key).
  useEffect(() => {
    const host = parent.current
    if (!host) return
    const { root, parent: mount } = shadowMount(host, 'text-editor')
    for (const kind of EDITOR_OWN_EVENTS) host.addEventListener(kind, stopHere)
    const editor = new EditorView({
      parent: mount,
      root,
      state: EditorState.create({
        doc: initial,
        extensions: [
          baseExtensions(initial, label, shared ? shared.undo : localHistory),
          shared ? shared.extension : [],
          preview.current.of(previewExtension()),
          writing ? writingAids(() => callbacks.current.writing ?? writing) : [],
          findAndReplace(t),
          // One value: the facet takes the first one given.
          hold.current.of(EditorState.readOnly.of(readOnly || holding)),
          EditorView.editable.of(!readOnly),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) callbacks.current.onChange(() => update.state.sliceDoc())
          }),
          EditorView.domEventHandlers({
            drop(event, view) {
              const files = [...(event.dataTransfer?.files ?? [])]
              if (files.length === 0 || !callbacks.current.onFiles) return false
              event.preventDefault()
              // Nothing comes in while the text cannot be written (a save on its way).
              if (view.state.readOnly) return true
              const at = view.posAtCoords({ x: event.clientX, y: event.clientY })
              if (at !== null) view.dispatch({ selection: { anchor: at } })
              callbacks.current.onFiles(files)
              return true
            },
            paste(event, view) {
              const files = [...(event.clipboardData?.files ?? [])]
              if (files.length === 0 || !callbacks.current.onFiles) return false
              event.preventDefault()
              if (view.state.readOnly) return true
              callbacks.current.onFiles(files)
              return true
            },
          }),
        ],
      }),
    })
    view.current = editor
    if (handle)
      handle.current = {
        insert(text) {
          editor.dispatch(editor.state.replaceSelection(text), { scrollIntoView: true })
          editor.focus()
        },
        replaceText(next) {
          const change = smallestChange(editor.state.doc.toString(), next)
          if (change) editor.dispatch({ changes: change })
        },
      }
    return () => {
      if (handle) handle.current = null
      view.current = null
      editor.destroy()
      mount.remove()
      for (const kind of EDITOR_OWN_EVENTS) host.removeEventListener(kind, stopHere)
    }
  }, [])

  // Live preview or Source: the same editor reconfigured, so nothing typed, no cursor, no undo is lost.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the mode switches the preview.
  useEffect(() => {
    if (isPreviewOn.current === isLivePreview) return
    isPreviewOn.current = isLivePreview
    view.current?.dispatch({ effects: preview.current.reconfigure(previewExtension()) })
  }, [isLivePreview])

  useEffect(() => {
    view.current?.dispatch({
      effects: hold.current.reconfigure(EditorState.readOnly.of(readOnly || holding)),
    })
  }, [readOnly, holding])

  // The space's files arrive after the editor (and change): links to missing files are drawn anew.
  const paths = page?.paths
  useEffect(() => {
    if (paths) view.current?.dispatch({ effects: filesRead.of(null) })
  }, [paths])

  return <div className="editor-text" ref={parent} />
}

/**
 * The live preview's options, made once per editor: they read the latest page (its files arrive
 * after the editor) and open the app's pages with the router.
 */
function useLivePreviewOptions(page: PageContext | undefined): LivePreviewOptions {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const latest = useRef({ page, navigate })
  latest.current = { page, navigate }
  const options = useRef<LivePreviewOptions | null>(null)
  options.current ??= {
    page: () => latest.current.page,
    openInApp: (href) => void latest.current.navigate({ href }),
    labels: {
      openLink: t('editor.openLink'),
      properties: t('editor.properties'),
      imageNotLoaded: t('editor.imageNotLoaded'),
    },
  }
  return options.current
}

/** The one span of `text` to replace to make `next`: what they share at both ends is kept. */
export function smallestChange(
  text: string,
  next: string,
): { from: number; to: number; insert: string } | undefined {
  if (text === next) return undefined
  let start = 0
  while (start < text.length && start < next.length && text[start] === next[start]) start++
  let end = 0
  while (
    end < text.length - start &&
    end < next.length - start &&
    text[text.length - 1 - end] === next[next.length - 1 - end]
  )
    end++
  return { from: start, to: text.length - end, insert: next.slice(start, next.length - end) }
}
