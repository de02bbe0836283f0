import { DomainError } from '../../../errors/domain-error.ts'
import type { Deps } from '../../../ports/deps.ts'
import type { OidcClaims } from '../../../ports/oidc.ts'
import type { Account, SsoProvider } from '../../../ports/store.ts'
import { newAccount } from './new-account.ts'
import { isDomainAllowed, linksByEmail } from './provider-rules.ts'

/**
 * The account a checked sign-in at a provider opens, in this order: the account already linked to
 * the provider's subject; else, when the provider links by address and says the address is
 * verified, the one active account holding it verified; else, with automatic creation, a new one,
 * unless a deactivated account holds the address.
 * Allowed domains limit the linking and the creation, and are trusted only for a verified address.
 * A refusal throws its reason (services/sso/sign-in-errors.ts).
 */
export async function accountFor(
  deps: Pick<Deps, 'clock' | 'store'>,
  provider: SsoProvider,
  claims: OidcClaims,
): Promise<Account> {
  const linked = await deps.store.sso.accountOf(provider.slug, claims.subject)
  if (linked) return linked

  const email = claims.email?.trim() || null
  if (provider.allowedDomains.length > 0) {
    if (email === null || !isDomainAllowed(provider, email)) throw new DomainError('sso_not_allowed')
    // An address the provider does not vouch for could be anyone's: its domain proves nothing.
    if (!claims.emailVerified) throw new DomainError('sso_unverified_email')
  }
  if (email !== null && linksByEmail(provider)) {
    const holders = await deps.store.accounts.byVerifiedEmail(email)
    if (holders.length > 0) {
      if (!claims.emailVerified) throw new DomainError('sso_unverified_email')
      const active = holders.filter((account) => account.isActive)
      if (active.length === 0) throw new DomainError('sso_deactivated')
      // Several people hold the address: which one signs in cannot be told, so none is linked or added.
      if (active.length > 1) throw new DomainError('sso_no_account')
      return await linkTo(deps, provider, claims, active[0]!)
    }
  }
  if (!provider.autoCreate) throw new DomainError('sso_no_account')
  // A deactivated account holding the address (verified or not, linked by address or not) is most
  // likely this person's: a new account would let them back in past the deactivation.
  if (email !== null && (await deps.store.accounts.byEmail(email)).some((account) => !account.isActive))
    throw new DomainError('sso_deactivated')
  return await linkTo(deps, provider, claims, await newAccount(deps, claims, email))
}

/** Links the subject to an account and returns the account it is linked to (the first, if two raced). */
async function linkTo(
  deps: Pick<Deps, 'clock' | 'store'>,
  provider: SsoProvider,
  claims: OidcClaims,
  account: Account,
): Promise<Account> {
  await deps.store.sso.link(provider.slug, claims.subject, account.id, deps.clock.now())
  return (await deps.store.sso.accountOf(provider.slug, claims.subject)) ?? account
}
