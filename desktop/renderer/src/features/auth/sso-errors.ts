/**
 * Why a sign-in through a single sign-on provider failed, as the server names it in
 * `/sign-in?sso_error=<reason>`; each has its explanation under `auth.ssoErrors`.
 */
const SSO_ERRORS = [
  'disabled',
  'expired',
  'failed',
  'not_allowed',
  'no_account',
  'unverified_email',
  'deactivated',
  'too_many',
] as const

/** The translation key explaining a reason; one the app does not know gets the general one. */
export function ssoErrorKey(reason: string): string {
  const known = (SSO_ERRORS as readonly string[]).includes(reason) ? reason : 'unknown'
  return `auth.ssoErrors.${known}`
}
