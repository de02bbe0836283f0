import { portableName } from './portable-names.ts'
import { fold } from './title-fold.ts'

/** A file name's longest stem derived from a title: long enough to say it, short enough to read in a path. */
const MAX_STEM = 80

/**
 * The file name a page's title gives it: lower case, accents taken off, every run of spaces and
 * punctuation a `-`, and `.md` (`Réunion du 3 mai` → `reunion-du-3-mai.md`); `''` when the title has
 * no letter or digit. A long title is cut at a word; one that is a Windows device name is made one
 * every clone holds (`Con` → `con-file.md`).
 */
export function fileNameFromTitle(title: string): string {
  let stem = fold(title)
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
  if (stem.length > MAX_STEM) {
    const cut = stem.lastIndexOf('-', MAX_STEM)
    stem = stem.slice(0, cut > 0 ? cut : MAX_STEM)
  }
  // A title that is a Windows device name ("Con", "Aux") gets a name every clone holds.
  return stem === '' ? '' : portableName(`${stem}.md`)
}
