import { splitFrontMatter } from '../../domain/front-matter.ts'
import { baseName } from '../../domain/links/paths.ts'
import { ownTitle } from '../../domain/page-title.ts'
import { asText } from '../content/check-secrets.ts'

/**
 * The title a page without one of its own goes by: its file name without the extension, as the
 * search index names it, so a page reads the same in the tree, the switcher and search results.
 */
export function titleFromName(path: string): string {
  return baseName(path).replace(/\.[^.]+$/, '') || baseName(path)
}

/** A page's title from its bytes: front matter `title`, else first level-one heading, else its file name. */
export function titleOfPage(path: string, bytes: Uint8Array): string {
  const text = asText(bytes)
  if (text === undefined) return titleFromName(path)
  const { data, body } = splitFrontMatter(text)
  return ownTitle(data, body) || titleFromName(path)
}
