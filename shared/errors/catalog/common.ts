import type { CatalogEntry } from './error-status.ts'

/** Reasons every capability reports, and those of the edges (HTTP, MCP) themselves. */
export const COMMON_MESSAGES = {
  invalid: { code: 'invalid', en: 'The request is invalid.', fr: 'La requête est invalide.' },
  tool_arguments_invalid: {
    code: 'invalid',
    en: 'The arguments do not fit the tool’s input schema: {value}.',
    fr: 'Les arguments ne respectent pas le schéma d’entrée de l’outil : {value}.',
  },
  text_too_long: {
    code: 'invalid',
    en: 'The text is longer than {limit} characters.',
    fr: 'Le texte dépasse {limit} caractères.',
  },
  unauthenticated: {
    code: 'unauthenticated',
    en: 'Authentication required: send a valid personal token or sign in.',
    fr: 'Authentification requise : envoyez un jeton personnel valide ou connectez-vous.',
  },
  forbidden: {
    code: 'forbidden',
    en: 'You are not allowed to do this.',
    fr: 'Vous n’êtes pas autorisé à faire cela.',
  },
  not_found: {
    code: 'not_found',
    en: 'Not found.',
    fr: 'Introuvable.',
  },
  conflict: { code: 'conflict', en: 'Conflict.', fr: 'Conflit.' },
  already_exists: {
    code: 'conflict',
    en: '"{value}" already exists.',
    fr: '« {value} » existe déjà.',
  },
  too_large: {
    code: 'too_large',
    en: 'The request body is larger than {limit} bytes.',
    fr: 'Le corps de la requête dépasse {limit} octets.',
  },
  file_too_large: {
    code: 'too_large',
    en: 'The file is {size} bytes, more than the {limit} bytes a file of the space may have; nothing was written.',
    fr: 'Le fichier fait {size} octets, plus que les {limit} octets permis pour un fichier de l’espace ; rien n’a été écrit.',
  },
  live_update_too_large: {
    code: 'too_large',
    en: 'This change would make the page’s text larger than the {limit} bytes a page edited together may have; it was not taken.',
    fr: 'Cette modification rendrait le texte de la page plus long que les {limit} octets permis pour une page écrite ensemble ; elle n’a pas été prise.',
  },
  live_text_too_large: {
    code: 'too_large',
    en: 'The page’s text is larger than the {limit} bytes a page edited together may have; it is not committed until it is shorter.',
    fr: 'Le texte de la page dépasse les {limit} octets permis pour une page écrite ensemble ; il ne sera enregistré qu’une fois raccourci.',
  },
  too_many_requests: {
    code: 'too_many_requests',
    en: 'Too many requests: try again in {retry_after} seconds.',
    fr: 'Trop de requêtes : réessayez dans {retry_after} secondes.',
  },
  internal: {
    code: 'internal',
    en: 'Something went wrong on our side; the error has been logged.',
    fr: 'Un problème est survenu de notre côté ; l’erreur a été consignée.',
  },
  unavailable: {
    code: 'unavailable',
    en: 'The service is temporarily unavailable: try again shortly.',
    fr: 'Le service est momentanément indisponible : réessayez dans un instant.',
  },
} as const satisfies Record<string, CatalogEntry>
