import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import type { Account, AccountChanges } from '../../ports/store.ts'
import { authorize } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'

export type UpdateUserInput = AccountChanges

const OWN_FIELDS = new Set<keyof AccountChanges>(['displayName', 'locale'])

/**
 * Changes an account. Anyone may change their own name and language; everything else, and other
 * people's accounts, belong to the super admin. Deactivating revokes the account's tokens and
 * sessions. The last active super admin cannot be deactivated or demoted.
 */
export async function updateUser(
  deps: Pick<Deps, 'clock' | 'store'>,
  actor: Actor,
  username: string,
  changes: UpdateUserInput,
): Promise<Account> {
  const isSelf = actor.account.username === username.toLowerCase()
  const fields = (Object.keys(changes) as (keyof AccountChanges)[]).filter((k) => changes[k] !== undefined)
  const isOwnProfileEdit = isSelf && fields.every((field) => OWN_FIELDS.has(field))

  if (isOwnProfileEdit) authorize(actor, 'account.manage')
  else if (actor.account.isSuperadmin) authorize(actor, 'users.manage')
  else throw new DomainError('own_profile_only')

  const target = await deps.store.accounts.byUsername(username.toLowerCase())
  if (!target) throw new DomainError('not_found')
  // The store refuses a change that would leave no active super admin (last_superadmin), in the
  // same transaction as the change.
  const clean = Object.fromEntries(fields.map((f) => [f, changes[f]])) as AccountChanges
  if (clean.displayName !== undefined) clean.displayName = clean.displayName.trim() || target.username
  return await deps.store.accounts.update(target.id, clean, deps.clock.now())
}
