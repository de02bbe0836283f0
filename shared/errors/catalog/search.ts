import type { CatalogEntry } from './error-status.ts'

/** Search by regular expression. */
export const SEARCH_MESSAGES = {
  regex_invalid: {
    code: 'invalid',
    en: 'The regular expression cannot be read: {value}',
    fr: 'L’expression régulière est illisible : {value}',
  },
  regex_unsupported: {
    code: 'invalid',
    en: 'The regular expression uses what search cannot run in bounded time (backreferences, lookahead, lookbehind): {value}',
    fr: 'L’expression régulière utilise ce que la recherche ne peut exécuter en temps borné (références arrière, assertions avant ou arrière) : {value}',
  },
} as const satisfies Record<string, CatalogEntry>
