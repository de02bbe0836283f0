import type { CatalogEntry } from './error-status.ts'

/** Organizations and the identifiers of organizations and spaces. */
export const ORGANIZATIONS_MESSAGES = {
  slug_invalid: {
    code: 'invalid',
    en: 'The identifier "{value}" is not valid: use 1 to 63 lowercase letters, digits and hyphens, starting with a letter or digit.',
    fr: 'L’identifiant « {value} » n’est pas valide : utilisez 1 à 63 lettres minuscules, chiffres et tirets, en commençant par une lettre ou un chiffre.',
  },
  last_admin: {
    code: 'invalid',
    en: 'The organization would be left without an admin: make another member admin first.',
    fr: 'L’organisation resterait sans administrateur : nommez d’abord un autre membre administrateur.',
  },
  organization_has_spaces: {
    code: 'invalid',
    en: 'The organization still has spaces: delete them first.',
    fr: 'L’organisation contient encore des espaces : supprimez-les d’abord.',
  },
} as const satisfies Record<string, CatalogEntry>
