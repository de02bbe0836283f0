import { isUsername, oneLineName } from '../../../domain/identifiers.ts'
import { NAME_MAX } from '../../../domain/limits.ts'
import type { Deps } from '../../../ports/deps.ts'
import type { OidcClaims } from '../../../ports/oidc.ts'
import type { Account } from '../../../ports/store.ts'

/** Tries of a numbered username before giving up (`alice`, `alice-2`, ... `alice-1000`). */
const MAX_TRIES = 1000

/**
 * The username a person from a provider starts from: their `preferred_username` or their address,
 * up to its `@`, lowercased and cleaned to the username rules; `user` when nothing is left.
 */
export function usernameBase(claims: Pick<OidcClaims, 'preferredUsername' | 'email'>): string {
  const source = claims.preferredUsername ?? claims.email ?? ''
  const local = source.includes('@') ? source.slice(0, source.indexOf('@')) : source
  const clean = local
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/^[^a-z0-9]+/, '')
    // Room for a number after it, within the 39 characters of a username.
    .slice(0, 32)
    .replace(/[._-]+$/, '')
  return clean || 'user'
}

/**
 * Creates the account of a person a provider vouches for: a free username from their own, their
 * name, their address (verified only when the provider says so and no other account holds it
 * verified), and no password: they sign in
 * through the provider until they set one.
 */
export async function newAccount(
  deps: Pick<Deps, 'clock' | 'store'>,
  claims: OidcClaims,
  email: string | null,
): Promise<Account> {
  const base = usernameBase(claims)
  // An address another account already holds verified stays that account's: this one gets it
  // unverified, so invitations, resets and linking by address keep going to its first holder.
  const isVerified =
    email !== null && claims.emailVerified && (await deps.store.accounts.byVerifiedEmail(email)).length === 0
  for (let n = 1; n <= MAX_TRIES; n++) {
    const username = n === 1 ? base : `${base}-${n}`
    if (!isUsername(username) || (await deps.store.accounts.byUsername(username))) continue
    const account = await deps.store.accounts.create({
      username,
      displayName: oneLineName(claims.name ?? '').slice(0, NAME_MAX) || username,
      email: email ?? '',
      locale: null,
      isSuperadmin: false,
      passwordHash: null,
      emailVerified: isVerified,
      createdAt: deps.clock.now(),
    })
    // Undefined when another sign-in took the name meanwhile: the next number is tried.
    if (account) return account
  }
  throw new Error(`no free username left after ${base}-${MAX_TRIES}`)
}
