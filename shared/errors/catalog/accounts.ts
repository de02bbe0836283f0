import type { CatalogEntry } from './error-status.ts'

/** Accounts: usernames, sign-in, passwords and profiles. */
export const ACCOUNTS_MESSAGES = {
  username_invalid: {
    code: 'invalid',
    en: 'The username "{value}" is not valid: use 1 to 39 lowercase letters, digits, dots, hyphens or underscores.',
    fr: 'Le nom d’utilisateur « {value} » n’est pas valide : utilisez 1 à 39 lettres minuscules, chiffres, points, tirets ou tirets bas.',
  },
  last_superadmin: {
    code: 'invalid',
    en: 'This is the last active super admin: make someone else super admin first.',
    fr: 'C’est le dernier super administrateur actif : nommez d’abord quelqu’un d’autre super administrateur.',
  },
  bad_credentials: {
    code: 'unauthenticated',
    en: 'Wrong username or password.',
    fr: 'Nom d’utilisateur ou mot de passe incorrect.',
  },
  own_profile_only: {
    code: 'forbidden',
    en: 'You may change only your own name and language.',
    fr: 'Vous ne pouvez modifier que votre propre nom et votre langue.',
  },
  wrong_current_password: {
    code: 'forbidden',
    en: 'The current password is wrong.',
    fr: 'Le mot de passe actuel est incorrect.',
  },
  too_many_sign_ins: {
    code: 'too_many_requests',
    en: 'Too many sign-in attempts: try again in {retry_after} seconds.',
    fr: 'Trop de tentatives de connexion : réessayez dans {retry_after} secondes.',
  },
} as const satisfies Record<string, CatalogEntry>
