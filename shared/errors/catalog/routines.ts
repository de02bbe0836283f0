import type { CatalogEntry } from './error-status.ts'

/** Agent routines. */
export const ROUTINES_MESSAGES = {
  routine_no_output: {
    code: 'invalid',
    en: 'A routine needs somewhere to write: a report page, the inbox, e-mail or a webhook (output_page, output_inbox, output_email, output_webhook).',
    fr: 'Une routine doit écrire quelque part : une page de rapport, la boîte de réception, un e-mail ou un webhook (output_page, output_inbox, output_email, output_webhook).',
  },
  routine_needs_model: {
    code: 'invalid',
    en: 'This routine follows its own instructions, which needs the organization’s AI provider, and none is set: set one in the organization’s AI settings, or start from the coherence check or the weekly digest, which run without one.',
    fr: 'Cette routine suit ses propres instructions, ce qui demande le fournisseur d’IA de l’organisation, et aucun n’est configuré : configurez-en un dans les réglages d’IA de l’organisation, ou partez du contrôle de cohérence ou du résumé hebdomadaire, qui tournent sans.',
  },
  routine_template_unknown: {
    code: 'invalid',
    en: 'There is no routine template "{value}": use coherence or digest, or leave template empty for a blank routine.',
    fr: 'Il n’y a pas de modèle de routine « {value} » : utilisez coherence ou digest, ou laissez template vide pour une routine vierge.',
  },
  routine_page_invalid: {
    code: 'invalid',
    en: 'output_page must be empty or a Markdown page under content/ (for example reports/coherence.md): "{value}" is not one.',
    fr: 'output_page doit être vide ou une page Markdown sous content/ (par exemple reports/coherence.md) : « {value} » n’en est pas une.',
  },
  routine_scope_invalid: {
    code: 'invalid',
    en: 'scope lists folders under content/: "{value}" is not one.',
    fr: 'scope liste des dossiers sous content/ : « {value} » n’en est pas un.',
  },
  routine_webhook_refused: {
    code: 'invalid',
    en: 'output_webhook cannot be used: {value}.',
    fr: 'output_webhook ne peut pas être utilisé : {value}.',
  },
  routine_budget_reached: {
    code: 'invalid',
    en: 'The organization’s monthly AI budget is reached: the routine cannot run until next month or until the budget is raised.',
    fr: 'Le budget mensuel d’IA de l’organisation est atteint : la routine ne peut pas tourner avant le mois prochain ou une hausse du budget.',
  },
} as const satisfies Record<string, CatalogEntry>
