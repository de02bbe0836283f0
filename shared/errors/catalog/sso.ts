import type { CatalogEntry } from './error-status.ts'

/**
 * Single sign-on providers and signing in through them. The sign-in's refusals reach a browser as
 * `/sign-in?sso_error=<reason>` (services/sso/sign-in-errors.ts), and a client asking for JSON as these.
 */
export const SSO_MESSAGES = {
  sso_issuer_required: {
    code: 'invalid',
    en: 'An OpenID Connect provider needs its issuer address (`issuer`).',
    fr: 'Un fournisseur OpenID Connect a besoin de l’adresse de son émetteur (`issuer`).',
  },
  sso_issuer_invalid: {
    code: 'invalid',
    en: 'The issuer "{value}" is not valid: use an https address without query or fragment (http only on this machine’s loopback).',
    fr: 'L’émetteur « {value} » n’est pas valide : utilisez une adresse https sans requête ni fragment (http seulement en boucle locale sur cette machine).',
  },
  sso_issuer_fixed: {
    code: 'invalid',
    en: 'The issuer of a {kind} provider must be {value}.',
    fr: 'L’émetteur d’un fournisseur {kind} doit être {value}.',
  },
  sso_secret_required: {
    code: 'invalid',
    en: 'A new provider needs its client secret (`client_secret`).',
    fr: 'Un nouveau fournisseur a besoin de son secret client (`client_secret`).',
  },
  sso_domain_invalid: {
    code: 'invalid',
    en: 'The domain "{value}" is not valid: write it as example.com.',
    fr: 'Le domaine « {value} » n’est pas valide : écrivez-le comme exemple.fr.',
  },
  sso_disabled: {
    code: 'not_found',
    en: 'This way of signing in is not available.',
    fr: 'Ce moyen de connexion n’est pas disponible.',
  },
  sso_expired: {
    code: 'invalid',
    en: 'This sign-in took too long or was already used: start again.',
    fr: 'Cette connexion a pris trop de temps ou a déjà servi : recommencez.',
  },
  sso_failed: {
    code: 'unauthenticated',
    en: 'The sign-in at the provider did not succeed, or its answer could not be checked: start again.',
    fr: 'La connexion chez le fournisseur n’a pas abouti, ou sa réponse n’a pas pu être vérifiée : recommencez.',
  },
  sso_not_allowed: {
    code: 'forbidden',
    en: 'Accounts at the provider with this address may not sign in here.',
    fr: 'Les comptes du fournisseur avec cette adresse ne peuvent pas se connecter ici.',
  },
  sso_no_account: {
    code: 'forbidden',
    en: 'No account here is linked to yours at the provider: ask an administrator to invite you.',
    fr: 'Aucun compte ici n’est lié au vôtre chez le fournisseur : demandez à un administrateur de vous inviter.',
  },
  sso_unverified_email: {
    code: 'forbidden',
    en: 'The provider does not say your address is verified: verify it there, then start again.',
    fr: 'Le fournisseur n’indique pas que votre adresse est vérifiée : vérifiez-la chez lui, puis recommencez.',
  },
  sso_deactivated: {
    code: 'forbidden',
    en: 'This account is deactivated.',
    fr: 'Ce compte est désactivé.',
  },
} as const satisfies Record<string, CatalogEntry>
