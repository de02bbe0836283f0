import { type RefObject, useEffect, useRef } from 'react'
import type { EditorHandle } from '../editor/markdown-editor.tsx'
import { retitled } from './templates.ts'

/**
 * A new page's title in its text (its heading, or its front matter's `title`) follows the title
 * field once the person wrote in the editor, as it did before: the page is not created under one
 * title with another at its top. A title the person changed in the text is theirs and stays.
 */
export function useHeadingFollowsTitle(
  editor: RefObject<EditorHandle | null>,
  title: string | undefined,
  text: string,
): void {
  const shown = useRef(title?.trim() ?? '')
  const latestText = useRef(text)
  latestText.current = text
  useEffect(() => {
    const before = shown.current
    const next = title?.trim() ?? ''
    // An emptied field leaves the text alone until a title is typed again.
    if (next === '' || next === before) return
    shown.current = next
    const text = retitled(latestText.current, before, next)
    if (text !== undefined) editor.current?.replaceText(text)
  }, [editor, title])
}
