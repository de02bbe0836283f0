import { SSO_ATTEMPT_MS } from '../../domain/limits.ts'
import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import { signInWindow } from '../accounts/sign-in.ts'
import { clientConfigOf } from './internal/client-config.ts'
import { localPath } from './internal/local-path.ts'

export type StartSignInInput = {
  slug: string
  /** Where to go once signed in: a local path, else home. */
  next?: string | null
  /** This provider's callback address (`<base>/api/v1/sso/{slug}/callback`). */
  redirectUri: string
  clientIp: string
}

export type StartSignInDeps = Pick<Deps, 'cipher' | 'clock' | 'oidc' | 'secrets' | 'store'>

/**
 * Begins a sign-in at a provider: the address to send the browser to, and the `state` the browser
 * must keep (in a cookie) and bring back. The attempt is kept, by the digest of its state, until the
 * callback takes it or it expires. Each attempt takes a slot in the client address's sign-in window,
 * given back when the sign-in succeeds, so failed ones count like failed passwords (429 beyond).
 */
export async function startSignIn(
  deps: StartSignInDeps,
  input: StartSignInInput,
): Promise<{ url: string; state: string }> {
  const provider = await deps.store.sso.bySlug(input.slug)
  if (!provider?.enabled) throw new DomainError('sso_disabled')
  const now = deps.clock.now()
  await deps.store.sso.pruneAttempts(now)
  const window = signInWindow(input.clientIp)
  // Taken here and given back by the callback: the attempt's creation time is the slot's.
  const verdict = await deps.store.rateLimits.take([window], now)
  if (!verdict.ok)
    throw new DomainError('too_many_sign_ins', { retry_after: verdict.retryAfter }, verdict.retryAfter)
  let begun: Awaited<ReturnType<typeof deps.oidc.start>>
  try {
    begun = await deps.oidc.start(clientConfigOf(deps, provider), input.redirectUri)
  } catch (cause) {
    // The provider could not be reached or described itself wrongly: no attempt was made.
    await deps.store.rateLimits.release([window.key], now)
    throw Object.assign(new DomainError('sso_failed'), { cause })
  }
  await deps.store.sso.saveAttempt({
    id: deps.secrets.digest(begun.state),
    providerSlug: provider.slug,
    nonce: begun.nonce,
    codeVerifier: begun.codeVerifier,
    next: localPath(input.next),
    createdAt: now,
    expiresAt: now + SSO_ATTEMPT_MS,
  })
  return { url: begun.url, state: begun.state }
}
