import type { CatalogEntry } from './error-status.ts'

/** The desktop app's link to a hosted server. */
export const DESKTOP_MESSAGES = {
  server_unreachable: {
    code: 'invalid',
    en: 'The server at {url} could not be reached ({reason}). Check the address and the network.',
    fr: 'Le serveur {url} est injoignable ({reason}). Vérifiez l’adresse et le réseau.',
  },
  server_address_refused: {
    code: 'invalid',
    en: 'The app does not connect to {url}: {reason}. Give the address of your Quire server.',
    fr: 'L’application ne se connecte pas à {url} : {reason}. Indiquez l’adresse de votre serveur Quire.',
  },
  server_refused_token: {
    code: 'invalid',
    en: 'The server at {url} refused this token: use a personal token of your account that has not expired.',
    fr: 'Le serveur {url} a refusé ce jeton : utilisez un jeton personnel de votre compte qui n’a pas expiré.',
  },
  server_address_invalid: {
    code: 'invalid',
    en: '{url} is not a server address: give one starting with https:// or http://.',
    fr: '{url} n’est pas une adresse de serveur : indiquez-en une qui commence par https:// ou http://.',
  },
} as const satisfies Record<string, CatalogEntry>
