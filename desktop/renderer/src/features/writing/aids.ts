import type { Extension } from '@codemirror/state'
import type { WritingContext } from './context.ts'

/** The editor's writing aids: slash menu, `[[` page links, links made by pasting a URL. */
export function writingAids(_context: () => WritingContext): Extension {
  return []
}
