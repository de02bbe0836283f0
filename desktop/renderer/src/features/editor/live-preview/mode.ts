import { useCallback, useState } from 'react'

/** How a page's Markdown is edited: rendered in place (`live`), or as plain Markdown (`source`). */
export type EditorMode = 'live' | 'source'

/** Where the choice is kept: per browser, for every page and both editors. */
const STORAGE_KEY = 'quire.editor.mode'

function readMode(): EditorMode {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'source' ? 'source' : 'live'
  } catch {
    // Storage may be disabled: the default then.
    return 'live'
  }
}

/** The editing mode this browser chose last (live preview unless `Source` was chosen), and how to change it. */
export function useEditorMode(): [EditorMode, (mode: EditorMode) => void] {
  const [mode, setMode] = useState(readMode)
  const choose = useCallback((next: EditorMode) => {
    setMode(next)
    try {
      localStorage.setItem(STORAGE_KEY, next)
    } catch {
      // Not kept, but applied for this screen.
    }
  }, [])
  return [mode, choose]
}
