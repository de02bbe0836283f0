import type { CatalogEntry } from './error-status.ts'

/** A space's settings. */
export const SPACES_MESSAGES = {
  review_every_unreadable: {
    code: 'invalid',
    en: 'review_every must be a number followed by d, w, m or y (for example 90d, 6m, 1y), "never" or empty.',
    fr: 'review_every doit être un nombre suivi de d, w, m ou y (par exemple 90d, 6m, 1y), « never » ou vide.',
  },
  repo_url_invalid: {
    code: 'invalid',
    en: 'The Git remote (repo_url) must be empty or an https://, http://, ssh:// or user@host:path address, without a password: credentials are given apart, in the space’s Git credentials.',
    fr: 'Le dépôt Git distant (repo_url) doit être vide ou une adresse https://, http://, ssh:// ou utilisateur@hôte:chemin, sans mot de passe : les identifiants se donnent à part, dans les identifiants Git de l’espace.',
  },
  branch_invalid: {
    code: 'invalid',
    en: 'The branch name "{value}" is not a valid Git branch name.',
    fr: 'Le nom de branche « {value} » n’est pas un nom de branche Git valide.',
  },
} as const satisfies Record<string, CatalogEntry>
