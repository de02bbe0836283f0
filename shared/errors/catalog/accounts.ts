import type { CatalogEntry } from './error-status.ts'

/** Accounts: usernames, sign-in, passwords, profiles and the links mailed to verify an address or reset a password. */
export const ACCOUNTS_MESSAGES = {
  username_invalid: {
    code: 'invalid',
    en: 'The username "{value}" is not valid: use 1 to 39 lowercase letters, digits, dots, hyphens or underscores.',
    fr: 'Le nom d’utilisateur « {value} » n’est pas valide : utilisez 1 à 39 lettres minuscules, chiffres, points, tirets ou tirets bas.',
  },
  last_superadmin: {
    code: 'invalid',
    en: 'This is the last active super admin: make someone else super admin first.',
    fr: 'C’est le dernier super administrateur actif : nommez d’abord quelqu’un d’autre super administrateur.',
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
    fr: 'Trop de tentatives de connexion : réessayez dans {retry_after} secondes.',
  },
  no_email: {
    code: 'invalid',
    en: 'Your account has no e-mail address: ask a super admin to set one.',
    fr: 'Votre compte n’a pas d’adresse e-mail : demandez à un super administrateur d’en indiquer une.',
  },
  email_already_verified: {
    code: 'invalid',
    en: 'Your e-mail address is already verified.',
    fr: 'Votre adresse e-mail est déjà vérifiée.',
  },
  too_many_verification_mails: {
    code: 'too_many_requests',
    en: 'Too many verification mails: try again in {retry_after} seconds.',
    fr: 'Trop de messages de vérification : réessayez dans {retry_after} secondes.',
  },
  too_many_reset_requests: {
    code: 'too_many_requests',
    en: 'Too many password reset requests from your network: try again in {retry_after} seconds.',
    fr: 'Trop de demandes de réinitialisation du mot de passe depuis votre réseau : réessayez dans {retry_after} secondes.',
  },
  link_unusable: {
    code: 'not_found',
    en: 'This link has expired or was already used: ask for a new one.',
    fr: 'Ce lien a expiré ou a déjà servi : demandez-en un nouveau.',
  },
} as const satisfies Record<string, CatalogEntry>
