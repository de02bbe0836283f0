import { createContext } from 'react'

/**
 * Reads every file's path of a space (cached by the app), for wiki links clicked before the page had
 * them. A module of its own: the app provides it at its root, which must not pull the Markdown
 * renderer (its parser and highlighter) into the code every screen loads first.
 */
export const SpacePaths = createContext<
  ((org: string, space: string) => Promise<readonly string[]>) | undefined
>(undefined)
