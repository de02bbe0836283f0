import type { CatalogEntry } from './error-status.ts'

/** Agent routines. */
export const ROUTINES_MESSAGES = {
  routine_no_output: {
    code: 'invalid',
    en: 'A routine needs at least one output: output_page, output_inbox, output_webhook or output_email.',
    fr: 'Une routine demande au moins une sortie : output_page, output_inbox, output_webhook ou output_email.',
  },
  routine_template_unknown: {
    code: 'invalid',
    en: 'There is no routine template "{value}": use coherence or digest, or leave template empty for a blank routine.',
    fr: 'Il n’y a pas de modèle de routine « {value} » : utilisez coherence ou digest, ou laissez template vide pour une routine vierge.',
  },
  routine_page_invalid: {
    code: 'invalid',
    en: 'output_page must be empty or a Markdown page under content/ (for example reports/coherence.md): "{value}" is not one.',
    fr: 'output_page doit être vide ou une page Markdown sous content/ (par exemple reports/coherence.md) : « {value} » n’en est pas une.',
  },
  routine_scope_invalid: {
    code: 'invalid',
    en: 'scope lists folders under content/: "{value}" is not one.',
    fr: 'scope liste des dossiers sous content/ : « {value} » n’en est pas un.',
  },
  routine_webhook_refused: {
    code: 'invalid',
    en: 'output_webhook cannot be used: {value}.',
    fr: 'output_webhook ne peut pas être utilisé : {value}.',
  },
  routine_budget_reached: {
    code: 'invalid',
    en: 'The organization’s monthly AI budget is reached: the routine cannot run until next month or until the budget is raised.',
    fr: 'Le budget mensuel d’IA de l’organisation est atteint : la routine ne peut pas tourner avant le mois prochain ou une hausse du budget.',
  },
} as const satisfies Record<string, CatalogEntry>
