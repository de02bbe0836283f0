import { defaultKeymap, history, historyKeymap } from '@codemirror/commands'
import { markdownLanguage } from '@codemirror/lang-markdown'
import { HighlightStyle, Language, LanguageSupport, syntaxHighlighting } from '@codemirror/language'
import { EditorState, type Extension } from '@codemirror/state'
import { drawSelection, EditorView, highlightSpecialChars, keymap } from '@codemirror/view'
import { styleTags, tags } from '@lezer/highlight'
import type { MarkdownParser } from '@lezer/markdown'
import { markdownKeys } from './markdown-keys.ts'

/**
 * The line ending a text uses, so the editor gives back its exact bytes: CRLF when every line ends
 * so, else LF (a stray CR then stays in the text as a character instead of being rewritten).
 */
export function lineSeparatorOf(text: string): '\r\n' | '\n' {
  return text.includes('\r\n') && !/(^|[^\r])\n/.test(text) ? '\r\n' : '\n'
}

const theme = EditorView.theme({
  '&': {
    border: '1px solid var(--line)',
    borderRadius: 'var(--radius)',
    background: 'var(--bg)',
    color: 'var(--fg)',
    height: '100%',
  },
  '&.cm-focused': { outline: '3px solid var(--focus)', outlineOffset: '2px' },
  '.cm-scroller': {
    fontFamily: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace',
    fontSize: '0.9rem',
    lineHeight: '1.55',
    overflow: 'auto',
  },
  '.cm-content': { padding: '0.6rem 0', caretColor: 'var(--fg)' },
  '.cm-line': { padding: '0 0.75rem' },
  '.cm-cursor': { borderLeftColor: 'var(--fg)' },
  // The find and replace panel (find.ts) in the app's colours and sizes.
  '.cm-panels': { backgroundColor: 'var(--bg)', color: 'var(--fg)' },
  '.cm-panels.cm-panels-top': { borderBottom: '1px solid var(--line)' },
  '.cm-panel.cm-search': { padding: '0.4rem 2rem 0.4rem 0.6rem', fontSize: '0.85rem' },
  '.cm-panel.cm-search label': { fontSize: '0.85rem' },
  '.cm-textfield, .cm-button': {
    font: 'inherit',
    padding: '0.2rem 0.5rem',
    border: '1px solid var(--line)',
    borderRadius: 'var(--radius)',
    backgroundColor: 'var(--bg)',
    backgroundImage: 'none',
    color: 'var(--fg)',
  },
  '.cm-button:hover': { borderColor: 'var(--accent)' },
  // "All" selects every match, and the editors keep one selection.
  '.cm-search button[name=select]': { display: 'none' },
})

/**
 * Markdown's highlighting in the app's colours, light and dark alike: the text as ink, its marks
 * (`#`, `*`, brackets, fences) quieter, links in the accent colour, code in monospace.
 */
const markdownHighlight = HighlightStyle.define([
  { tag: tags.heading, fontWeight: '700' },
  { tag: tags.emphasis, fontStyle: 'italic' },
  { tag: tags.strong, fontWeight: '700' },
  { tag: tags.strikethrough, textDecoration: 'line-through' },
  { tag: tags.link, color: 'var(--accent)' },
  { tag: tags.url, color: 'var(--muted)' },
  {
    tag: [tags.processingInstruction, tags.contentSeparator, tags.labelName, tags.atom],
    color: 'var(--muted)',
  },
  { tag: [tags.quote, tags.comment], color: 'var(--muted)' },
  { tag: tags.string, color: 'var(--muted)' },
  { tag: tags.monospace, fontFamily: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace' },
  { tag: [tags.escape, tags.character], color: 'var(--muted)' },
])

/**
 * Markdown as the editors read it: GitHub's flavour (tables, task lists, strikethrough), raw HTML and
 * comments as quiet Markdown nodes. lang-markdown's `markdown()` would also parse inside raw HTML with
 * the HTML, CSS and JavaScript grammars: a fifth of the editor's code, evaluated before an editor can
 * open, for tag completions the writing aids replace and colours within tags. It keeps lang-markdown's
 * own language data (HTML comments as block comments): lang-markdown's Enter and Backspace commands
 * act only where that data says Markdown is the language.
 */
export const markdownSupport = new LanguageSupport(
  new Language(
    markdownLanguage.data,
    (markdownLanguage.parser as MarkdownParser).configure({
      props: [styleTags({ 'HTMLBlock HTMLTag': tags.processingInstruction })],
    }),
    [],
    'markdown',
  ),
)

/** Undo and redo of CodeMirror's own history: for a text only this person changes. */
export const localHistory: Extension = [history(), keymap.of(historyKeymap)]

/**
 * What every Markdown editor of the app has: wrapped lines, Markdown highlighting, undo (`undo`:
 * CodeMirror's history unless the editor brings its own, as a shared text does), the app's colours,
 * a name for screen readers, and Enter that continues a list or a quote (markdown-keys.ts: without
 * renumbering the items below, as the text must change only where the person types).
 */
export function baseExtensions(text: string, label: string, undo: Extension = localHistory): Extension[] {
  return [
    EditorState.lineSeparator.of(lineSeparatorOf(text)),
    undo,
    drawSelection(),
    highlightSpecialChars(),
    EditorView.lineWrapping,
    markdownSupport,
    syntaxHighlighting(markdownHighlight),
    markdownKeys,
    keymap.of(defaultKeymap),
    EditorView.contentAttributes.of({ 'aria-label': label, spellcheck: 'true' }),
    theme,
  ]
}

/** What the editor needs inside its shadow root: its size, and quieter colours in the dark. */
const SHADOW_CSS = `
:host { display: block; }
.text-editor .cm-editor { min-height: 20rem; max-height: 75vh; }
.merge-editor .cm-mergeView { max-height: 70vh; }
.merge-editor .cm-editor { border: none; border-radius: 0; }
.cm-merge-revert button { font: inherit; font-size: 1rem; padding: 0 0.3rem; cursor: pointer; }
@media (prefers-color-scheme: dark) {
  .cm-changedLine, .cm-merge-a .cm-changedLine, .cm-merge-b .cm-changedLine {
    background: color-mix(in srgb, var(--accent) 14%, transparent);
  }
}
`

/**
 * A place for CodeMirror inside a shadow root of `host`. The app's Content-Security-Policy lets no
 * inline `<style>` in, which is how CodeMirror styles a document; in a shadow root it uses
 * constructed style sheets, which the policy allows. The app's colours come in as CSS variables.
 */
export function shadowMount(host: HTMLElement, className: string): { root: ShadowRoot; parent: HTMLElement } {
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' })
  if (root.adoptedStyleSheets.length === 0) {
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(SHADOW_CSS)
    root.adoptedStyleSheets = [sheet]
  }
  const parent = document.createElement('div')
  parent.className = className
  root.append(parent)
  return { root, parent }
}
