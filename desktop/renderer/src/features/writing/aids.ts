import { autocompletion } from '@codemirror/autocomplete'
import { EditorState, type Extension } from '@codemirror/state'
import { EditorView } from '@codemirror/view'
import i18n from '../../app/i18n.ts'
import { OPENS_PAGE_LINKS, writingMenus } from './completions.ts'
import type { WritingContext } from './context.ts'
import { pasteLinks } from './paste-link.ts'

/**
 * The menus' look, in the app's colours (CSS variables reach into the editor's shadow root), wide
 * enough for a page's title and never wider than a phone's screen.
 */
const menuTheme = EditorView.theme({
  '.cm-tooltip.cm-tooltip-autocomplete': {
    background: 'var(--bg)',
    color: 'var(--fg)',
    border: '1px solid var(--line)',
    borderRadius: 'var(--radius)',
    boxShadow: '0 6px 24px rgb(0 0 0 / 0.18)',
    padding: '0.25rem 0',
    overflow: 'hidden',
  },
  '.cm-tooltip.cm-tooltip-autocomplete > ul': {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", sans-serif',
    fontSize: '0.92rem',
    minWidth: '14rem',
    maxWidth: 'min(24rem, calc(100vw - 2rem))',
    maxHeight: '18rem',
  },
  '.cm-tooltip.cm-tooltip-autocomplete > ul > li': {
    display: 'flex',
    alignItems: 'baseline',
    gap: '1rem',
    padding: '0.35rem 0.75rem',
    lineHeight: '1.4',
  },
  '.cm-tooltip.cm-tooltip-autocomplete > ul > li[aria-selected]': {
    background: 'var(--accent)',
    color: 'var(--accent-fg)',
  },
  '.cm-completionLabel': { overflow: 'hidden', textOverflow: 'ellipsis' },
  '.cm-completionDetail': {
    marginLeft: 'auto',
    fontStyle: 'normal',
    fontFamily: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace',
    fontSize: '0.8rem',
    opacity: '0.75',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
})

/**
 * The editor's writing aids: the slash menu, `[[` page links, links made by pasting a URL on
 * selected words. `context` is read when an aid is used, so it always knows the page's latest path
 * and the space's latest pages.
 */
export function writingAids(context: () => WritingContext): Extension {
  return [
    autocompletion({
      override: [writingMenus(context)],
      activateOnCompletion: (completion) => completion.type === OPENS_PAGE_LINKS,
      // The menus answer what was just typed: Enter right after they open chooses, as it reads.
      interactionDelay: 0,
      activateOnTypingDelay: 30,
      icons: false,
      maxRenderedOptions: 50,
    }),
    // The menu's name for screen readers (a listbox, its options read as one moves through them).
    EditorState.phrases.of({ Completions: i18n.t('writing.suggestions') }),
    pasteLinks,
    menuTheme,
  ]
}
