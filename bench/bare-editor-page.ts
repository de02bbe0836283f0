/**
 * The bench's anchor for keystrokes: CodeMirror 6 alone, in the browser, with the app's base setup
 * (Markdown highlighting, line wrapping, undo, a shadow root of the same height) and nothing of the
 * app around it: no live preview, no shared text, no other people's cursors, no React. It reads the
 * page's text from `window.benchText`; the bench types into it exactly as into the app's editor.
 */
import { EditorState } from '@codemirror/state'
import { EditorView } from '@codemirror/view'
import { baseExtensions, shadowMount } from '../desktop/renderer/src/features/editor/codemirror-setup.ts'

declare global {
  interface Window {
    benchText: string
  }
}

const host = document.querySelector<HTMLElement>('main div')
if (!host) throw new Error('the anchor page has no host for the editor')
const { root, parent } = shadowMount(host, 'text-editor')
new EditorView({
  parent,
  root,
  state: EditorState.create({
    doc: window.benchText,
    extensions: baseExtensions(window.benchText, 'Page text'),
  }),
})
