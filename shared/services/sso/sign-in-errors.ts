import type { Reason } from '../../errors/catalog.ts'

/**
 * Why a sign-in through a provider did not happen, as the browser is told on its way back to the
 * sign-in page (`/sign-in?sso_error=<reason>`), which explains it in the person's language.
 */
export const SSO_SIGN_IN_ERRORS = {
  sso_disabled: 'disabled',
  sso_expired: 'expired',
  sso_failed: 'failed',
  sso_not_allowed: 'not_allowed',
  sso_no_account: 'no_account',
  sso_unverified_email: 'unverified_email',
  sso_deactivated: 'deactivated',
  too_many_sign_ins: 'too_many',
} as const satisfies Partial<Record<Reason, string>>

export type SsoSignInError = (typeof SSO_SIGN_IN_ERRORS)[keyof typeof SSO_SIGN_IN_ERRORS]

/** The `sso_error` of a refusal of the sign-in, or undefined for an error of another kind. */
export function ssoSignInError(reason: Reason): SsoSignInError | undefined {
  return (SSO_SIGN_IN_ERRORS as Partial<Record<Reason, SsoSignInError>>)[reason]
}
