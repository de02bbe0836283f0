import { foldText } from '#shared/domain/text-words.ts'

/** Longest slug the server takes (`[a-z0-9][a-z0-9-]{0,62}`). */
const SLUG_MAX = 63

/**
 * The slug a name suggests: accents folded, lowercase, words joined by hyphens, at most 63
 * characters, so "Équipe Données & IA" gives "equipe-donnees-ia". Empty when the name has no letter
 * or digit to keep.
 */
export function slugOfName(name: string): string {
  return foldText(name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '')
}
