import { search, searchKeymap } from '@codemirror/search'
import { EditorState, type Extension } from '@codemirror/state'
import { keymap } from '@codemirror/view'
import type { TFunction } from 'i18next'

/** The search keys that select several matches at once. */
const SEVERAL_SELECTIONS = new Set(['Mod-d', 'Mod-Shift-l'])

/**
 * Find and replace within the page (Ctrl/Cmd+F), in a panel above the text: the browser's own find
 * cannot, as the editor draws only the lines in view. Its words are the person's language's; `t` reads
 * the editor's catalog.
 */
export function findAndReplace(t: TFunction): Extension {
  const word = (key: string) => t(`editor.find.${key}`)
  return [
    search({ top: true }),
    // The editors keep one selection: the commands that would select every match are left out.
    keymap.of(searchKeymap.filter((binding) => !SEVERAL_SELECTIONS.has(binding.key ?? ''))),
    EditorState.phrases.of({
      Find: word('find'),
      Replace: word('replace'),
      next: word('next'),
      previous: word('previous'),
      all: word('all'),
      'match case': word('matchCase'),
      regexp: word('regexp'),
      'by word': word('byWord'),
      replace: word('replaceOne'),
      'replace all': word('replaceAll'),
      close: word('close'),
      'current match': word('currentMatch'),
      'on line': word('onLine'),
      'replaced $ matches': word('replacedMatches'),
      'replaced match on line $': word('replacedOnLine'),
      'Go to line': word('goToLine'),
      go: word('go'),
    }),
  ]
}
