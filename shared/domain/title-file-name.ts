import { fold } from './title-fold.ts'

/** A file name's longest stem derived from a title: long enough to say it, short enough to read in a path. */
const MAX_STEM = 80

/**
 * The file name a page's title gives it: lower case, accents taken off, every run of spaces and
 * punctuation a `-`, and `.md` (`Réunion du 3 mai` → `reunion-du-3-mai.md`); `''` when the title has
 * no letter or digit. A long title is cut at a word.
 */
export function fileNameFromTitle(title: string): string {
  let stem = fold(title)
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
  if (stem.length > MAX_STEM) {
    const cut = stem.lastIndexOf('-', MAX_STEM)
    stem = stem.slice(0, cut > 0 ? cut : MAX_STEM)
  }
  return stem === '' ? '' : `${stem}.md`
}

/**
 * A title for a page known only by its file name, as a person would write it: `deploy-guide.md` →
 * `Deploy guide` (the offer to create a page a link leads to starts from it).
 */
export function titleFromFileName(path: string): string {
  const words = (
    path
      .slice(path.lastIndexOf('/') + 1)
      .replace(/\.md$/i, '')
      .match(/[^\s_-]+/g) ?? []
  ).join(' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}
