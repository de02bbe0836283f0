import type { CatalogEntry } from './error-status.ts'

/** Verifying pages and finding related ones. */
export const QUALITY_MESSAGES = {
  not_markdown: {
    code: 'invalid',
    en: 'Only Markdown pages can be verified.',
    fr: 'Seules les pages Markdown peuvent être vérifiées.',
  },
  related_not_markdown: {
    code: 'invalid',
    en: 'Related pages exist only for Markdown pages; "{value}" is not one.',
    fr: 'Les pages liées n’existent que pour les pages Markdown ; « {value} » n’en est pas une.',
  },
  front_matter_unreadable: {
    code: 'invalid',
    en: 'The page’s front matter is not valid YAML: fix it before verifying the page.',
    fr: 'L’en-tête YAML de la page n’est pas valide : corrigez-le avant de vérifier la page.',
  },
} as const satisfies Record<string, CatalogEntry>
