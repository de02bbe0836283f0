/** Why a note stays in the inbox, written for the person who dropped it, in the note's language. */
import type { Language } from '../text-words.ts'

export type LeaveReason =
  | { code: 'empty' }
  | { code: 'too-short' }
  | { code: 'no-match' }
  | { code: 'tie'; first: PageName; second: PageName }

export type PageName = { title: string; path: string }

function quoted(page: PageName, fr: boolean): string {
  return fr ? `« ${page.title} » (${page.path})` : `“${page.title}” (${page.path})`
}

/** The sentence shown to the person for a note left in the inbox. */
export function reasonText(reason: LeaveReason, lang: Language): string {
  const fr = lang === 'fr'
  switch (reason.code) {
    case 'empty':
      return fr
        ? 'Cette note est vide : il n’y a rien à classer.'
        : 'This note is empty: there is nothing to file.'
    case 'too-short':
      return fr
        ? 'Cette note a trop peu de mots pour savoir où la ranger ; complétez-la ou ajoutez une indication (une page ou un dossier).'
        : 'This note has too few words to tell where it belongs; add a sentence or a hint (a page or a folder).'
    case 'no-match':
      return fr
        ? 'Aucune page ni aucun dossier ne correspond clairement à cette note ; classez-la à la main ou ajoutez une indication.'
        : 'No page or folder clearly matches this note; file it by hand or add a hint.'
    case 'tie':
      return fr
        ? `Cette note correspond autant à ${quoted(reason.first, fr)} qu’à ${quoted(reason.second, fr)} ; ajoutez une indication pour choisir.`
        : `This note fits ${quoted(reason.first, fr)} and ${quoted(reason.second, fr)} equally well; add a hint to choose.`
  }
}
