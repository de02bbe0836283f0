import type { CatalogEntry } from './error-status.ts'

/** Invitations to an organization: who is invited, to what, and how often. */
export const INVITATIONS_MESSAGES = {
  invitation_email_invalid: {
    code: 'invalid',
    en: '"{value}" is not an e-mail address.',
    fr: '« {value} » n’est pas une adresse e-mail.',
  },
  invitation_org_role_invalid: {
    code: 'invalid',
    en: 'Unknown organization role "{value}": use admin or member.',
    fr: 'Rôle d’organisation inconnu « {value} » : utilisez admin ou member.',
  },
  invitation_space_unknown: {
    code: 'invalid',
    en: 'The organization has no space "{value}".',
    fr: 'L’organisation n’a pas d’espace « {value} ».',
  },
  invitation_space_role_invalid: {
    code: 'invalid',
    en: 'Unknown space role "{value}": use reader or contributor.',
    fr: 'Rôle d’espace inconnu « {value} » : utilisez reader ou contributor.',
  },
  too_many_invitations: {
    code: 'too_many_requests',
    en: 'This organization sent {limit} invitations in the last hour: try again in {retry_after} seconds.',
    fr: 'Cette organisation a envoyé {limit} invitations dans l’heure : réessayez dans {retry_after} secondes.',
  },
  invitation_sign_out_first: {
    code: 'invalid',
    en: 'You are signed in: send an empty body to accept the invitation as yourself, or sign out first to accept it with a new account.',
    fr: 'Vous êtes connecté : envoyez un corps vide pour accepter l’invitation avec votre compte, ou déconnectez-vous d’abord pour l’accepter avec un nouveau compte.',
  },
} as const satisfies Record<string, CatalogEntry>
