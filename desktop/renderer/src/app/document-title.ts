import { useEffect } from 'react'

/** The app's name, last in every window title, and the whole title of a screen that names nothing. */
const APP_NAME = 'Quire'

/**
 * Names the window (its tab, its history entries, a bookmark, what a screen reader says when the
 * window is focused) after the screen: its parts, most particular first (`Holidays · Handbook ·
 * Quire`). The screen that set it puts the app's name back when it goes. Parts not known yet
 * (undefined or empty) are left out.
 */
export function useDocumentTitle(...parts: (string | undefined)[]) {
  const title = [...parts.filter((part): part is string => Boolean(part?.trim())), APP_NAME].join(' · ')
  useEffect(() => {
    document.title = title
  }, [title])
  useEffect(
    () => () => {
      document.title = APP_NAME
    },
    [],
  )
}
