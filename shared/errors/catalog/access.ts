import type { CatalogEntry } from './error-status.ts'

/** Who may reach what: the space asked for, restricted and read-only tokens, cookies from elsewhere. */
export const ACCESS_MESSAGES = {
  unknown_space: {
    code: 'invalid',
    en: 'Unknown space "{value}": use <organization>/<space> among the spaces you can read.',
    fr: 'Espace inconnu « {value} » : indiquez <organisation>/<espace> parmi les espaces que vous pouvez lire.',
  },
  restricted_token: {
    code: 'forbidden',
    en: 'A restricted token cannot manage the account or administer anything.',
    fr: 'Un jeton restreint ne peut ni gérer le compte ni rien administrer.',
  },
  read_only_token: {
    code: 'forbidden',
    en: 'This token is read-only.',
    fr: 'Ce jeton est en lecture seule.',
  },
  password_change_required: {
    code: 'forbidden',
    en: 'Your password was set by an administrator: choose a new one first (PUT /me/password).',
    fr: 'Votre mot de passe a été défini par un administrateur : choisissez-en d’abord un nouveau (PUT /me/password).',
  },
  cross_site_request: {
    code: 'forbidden',
    en: 'Requests signed in with a cookie must come from this site (Origin) or carry X-Requested-With.',
    fr: 'Les requêtes authentifiées par cookie doivent venir de ce site (Origin) ou porter X-Requested-With.',
  },
} as const satisfies Record<string, CatalogEntry>
