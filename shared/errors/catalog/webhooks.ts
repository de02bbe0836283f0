import type { CatalogEntry } from './error-status.ts'

/** An organization's outgoing webhooks. */
export const WEBHOOKS_MESSAGES = {
  webhook_url_invalid: {
    code: 'invalid',
    en: 'The webhook URL must be an http:// or https:// address.',
    fr: 'L’URL du webhook doit être une adresse http:// ou https://.',
  },
  webhook_url_credentials: {
    code: 'invalid',
    en: 'The webhook URL must not hold a user name or password, which would be listed in clear: receivers check the webhook-signature header instead.',
    fr: 'L’URL du webhook ne doit pas contenir de nom d’utilisateur ni de mot de passe, qui seraient affichés en clair : les destinataires vérifient plutôt l’en-tête webhook-signature.',
  },
  webhook_url_refused: {
    code: 'invalid',
    en: 'The webhook URL is refused: its host is on a loopback, private, link-local or cloud-metadata address.',
    fr: 'L’URL du webhook est refusée : son hôte est sur une adresse de bouclage, privée, lien-local ou de métadonnées cloud.',
  },
} as const satisfies Record<string, CatalogEntry>
