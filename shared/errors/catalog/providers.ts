import type { CatalogEntry } from './error-status.ts'

/** An organization's AI provider and its budget. */
export const PROVIDERS_MESSAGES = {
  budget_unpriced: {
    code: 'invalid',
    en: 'A monthly budget needs a price for the model "{value}": enter price_input and price_output.',
    fr: 'Un budget mensuel demande un prix pour le modèle « {value} » : indiquez price_input et price_output.',
  },
  ai_not_configured: {
    code: 'invalid',
    en: 'No AI provider is set for this organization.',
    fr: 'Aucun fournisseur d’IA n’est configuré pour cette organisation.',
  },
  base_url_invalid: {
    code: 'invalid',
    en: 'base_url must be an http:// or https:// address.',
    fr: 'base_url doit être une adresse http:// ou https://.',
  },
  embeddings_unavailable: {
    code: 'unavailable',
    en: 'The organization’s embeddings provider did not answer, or refused the request: try again shortly, or check its settings (model, key, address).',
    fr: 'Le fournisseur d’embeddings de l’organisation n’a pas répondu, ou a refusé la requête : réessayez dans un instant, ou vérifiez ses réglages (modèle, clé, adresse).',
  },
  base_url_reserved: {
    code: 'forbidden',
    en: 'Only the super admin may set base_url.',
    fr: 'Seul le super administrateur peut définir base_url.',
  },
} as const satisfies Record<string, CatalogEntry>
