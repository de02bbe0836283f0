import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import type { OidcClaims } from '../../ports/oidc.ts'
import type { Account } from '../../ports/store.ts'
import { type OpenSessionDeps, openSession, signInWindow } from '../accounts/sign-in.ts'
import { accountFor } from './internal/account-for.ts'
import { clientConfigOf } from './internal/client-config.ts'

export type FinishSignInInput = {
  slug: string
  /** The `state` the provider sent back, and the one the browser kept since the start (its cookie). */
  state: string | undefined
  cookieState: string | undefined
  /** The callback's address with the provider's query (`code`, `state`, `iss`, or `error`). */
  callbackUrl: string
  /** This provider's callback address, as the start gave it. */
  redirectUri: string
  clientIp: string
}

export type FinishSignInDeps = OpenSessionDeps & Pick<Deps, 'cipher' | 'clock' | 'oidc' | 'secrets' | 'store'>

/**
 * Ends a sign-in at a provider and opens a web session. The callback must come back to the browser
 * that began it (its cookie holds the same `state`) and takes the attempt once, so a forged state, a
 * replayed callback and a replayed code all fail; the provider's answer is then checked (code with
 * its PKCE verifier, ID token with its nonce). The account is the linked one, or one linked or made
 * now (see accountFor). Refusals throw the reasons of sign-in-errors.ts.
 */
export async function finishSignIn(
  deps: FinishSignInDeps,
  input: FinishSignInInput,
): Promise<{ account: Account; cookie: string; expiresAt: number; next: string }> {
  const provider = await deps.store.sso.bySlug(input.slug)
  if (!provider?.enabled) throw new DomainError('sso_disabled')
  if (!input.state || !input.cookieState || !deps.secrets.equal(input.state, input.cookieState))
    throw new DomainError('sso_failed')
  const attempt = await deps.store.sso.takeAttempt(deps.secrets.digest(input.state), deps.clock.now())
  if (!attempt || attempt.providerSlug !== provider.slug) throw new DomainError('sso_expired')

  let claims: OidcClaims
  try {
    claims = await deps.oidc.finish(clientConfigOf(deps, provider), input.redirectUri, input.callbackUrl, {
      state: input.state,
      nonce: attempt.nonce,
      codeVerifier: attempt.codeVerifier,
    })
  } catch (cause) {
    // Declined at the provider, a code already used, an ID token that does not check out: the
    // cause stays on the error for the host's log.
    throw Object.assign(new DomainError('sso_failed'), { cause })
  }
  const account = await accountFor(deps, provider, claims)
  if (!account.isActive) throw new DomainError('sso_deactivated')
  await deps.store.rateLimits.release([signInWindow(input.clientIp).key], attempt.createdAt)
  return { account, ...(await openSession(deps, account.id)), next: attempt.next }
}
