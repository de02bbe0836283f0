import type { MenuLanguage } from './menu.ts'

/** The question put when the page asks before it is left (text not saved), in the app's language. */
const WORDS = {
  en: {
    title: 'Leave Quire?',
    message: 'What you typed on this page is not saved yet.',
    detail: 'Leave, and it is lost. Stay, and save it first.',
    buttons: ['Leave', 'Stay'],
  },
  fr: {
    title: 'Quitter Quire\u202f?',
    message: 'Ce que vous avez tapé sur cette page n’est pas encore enregistré.',
    detail: 'Partez, et il sera perdu. Restez, et enregistrez-le d’abord.',
    buttons: ['Partir', 'Rester'],
  },
} as const

/** The answer of a message box: the index of the button chosen. */
export type AskBox = (options: {
  type: 'question'
  title: string
  message: string
  detail: string
  buttons: string[]
  defaultId: number
  cancelId: number
}) => number

/**
 * Asks the person when the page would rather not be left (`will-prevent-unload`): Electron asks
 * nothing by itself, so the window would neither close nor reload, and say nothing of why. Leaving
 * lets the unload go on; staying (the default, and Escape) keeps the window and its text.
 */
export function askBeforeLeaving(
  contents: {
    on(event: 'will-prevent-unload', listener: (event: { preventDefault(): void }) => void): unknown
  },
  language: MenuLanguage,
  ask: AskBox,
): void {
  const words = WORDS[language]
  contents.on('will-prevent-unload', (event) => {
    const choice = ask({ type: 'question', ...words, buttons: [...words.buttons], defaultId: 1, cancelId: 1 })
    // In Electron, preventing this event is what lets the page go.
    if (choice === 0) event.preventDefault()
  })
}
