import { oneLineName } from '../../domain/identifiers.ts'
import { DomainError } from '../../errors/domain-error.ts'
import type { Account, AccountChanges } from '../../ports/store.ts'
import { authorize } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import { isSameAddress } from './internal/account-mails.ts'
import { type SendVerificationLinkDeps, sendVerificationLink } from './request-email-verification.ts'

/** What may be changed: the verification of an address follows from changing it, never set directly. */
export type UpdateUserInput = Omit<AccountChanges, 'emailVerified'>

export type UpdateUserDeps = SendVerificationLinkDeps

const OWN_FIELDS = new Set<keyof UpdateUserInput>(['displayName', 'locale'])

/**
 * Changes an account. Anyone may change their own name and language; everything else, and other
 * people's accounts, belong to the super admin. Deactivating revokes the account's tokens and
 * sessions. The last active super admin cannot be deactivated or demoted. A new address is not
 * verified: the links sent to the old one stop working, and when `site` (where links start) is
 * given, a link to confirm the new one is mailed there. The same address again changes nothing.
 */
export async function updateUser(
  deps: UpdateUserDeps,
  actor: Actor,
  username: string,
  changes: UpdateUserInput,
  site?: string,
): Promise<Account> {
  const isSelf = actor.account.username === username.toLowerCase()
  const fields = (Object.keys(changes) as (keyof UpdateUserInput)[]).filter((k) => changes[k] !== undefined)
  const isOwnProfileEdit = isSelf && fields.every((field) => OWN_FIELDS.has(field))

  if (isOwnProfileEdit) authorize(actor, 'account.manage')
  else if (actor.account.isSuperadmin) authorize(actor, 'users.manage')
  else throw new DomainError('own_profile_only')

  const target = await deps.store.accounts.byUsername(username.toLowerCase())
  if (!target) throw new DomainError('not_found')
  // The store refuses a change that would leave no active super admin (last_superadmin), in the
  // same transaction as the change.
  const clean = Object.fromEntries(fields.map((f) => [f, changes[f]])) as AccountChanges
  if (clean.displayName !== undefined) clean.displayName = oneLineName(clean.displayName) || target.username
  if (clean.email !== undefined) clean.email = clean.email.trim()
  const isNewAddress = clean.email !== undefined && !isSameAddress(clean.email, target.email)
  if (isNewAddress) clean.emailVerified = false
  const account = await deps.store.accounts.update(target.id, clean, deps.clock.now())
  if (isNewAddress) {
    if (site) await sendVerificationLink(deps, account, site)
    else await deps.store.accountLinks.revoke(account.id, 'verify_email', deps.clock.now())
  }
  return account
}
