/** Why a note stays in the inbox, written for the person who dropped it, in the note's language. */
import type { Language } from '../text-words.ts'

export type LeaveReason =
  | { code: 'empty' }
  | { code: 'too-short' }
  | { code: 'no-match' }
  /** Pages the note could go to, none clearly ahead: the person picks one. */
  | { code: 'candidates'; pages: PageName[] }

export type PageName = { title: string; path: string }

/** 'a', 'a or b', 'a, b or c' (French: ou). */
function either(paths: readonly string[], fr: boolean): string {
  const or = fr ? ' ou ' : ' or '
  return paths.length <= 1 ? (paths[0] ?? '') : `${paths.slice(0, -1).join(', ')}${or}${paths.at(-1)}`
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
    case 'candidates': {
      const paths = reason.pages.map((p) => p.path)
      if (paths.length === 1)
        return fr
          ? `Cette note semble aller dans ${paths[0]}, mais pas assez nettement pour l’y ajouter ; confirmez ce choix ou ajoutez une indication.`
          : `This note seems to belong in ${paths[0]}, but not clearly enough to add it there; confirm that choice or add a hint.`
      return fr
        ? `Cette note pourrait aller dans ${either(paths, fr)} ; aucune de ces pages ne l’emporte nettement. Choisissez-en une ou ajoutez une indication.`
        : `This note could go to ${either(paths, fr)}; none of them is clearly the place for it. Pick one or add a hint.`
    }
  }
}
