import { isUsername, oneLineName } from '../../domain/identifiers.ts'
import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import type { Account } from '../../ports/store.ts'
import { authorize } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import { type SendVerificationLinkDeps, sendVerificationLink } from './request-email-verification.ts'

export type CreateUserInput = {
  username: string
  displayName?: string
  password: string
  email?: string
  isSuperadmin?: boolean
  /** Whether the address is known to be the person's (an accepted invitation, a provider's word). */
  emailVerified?: boolean
}

export type CreateUserDeps = AddAccountDeps & SendVerificationLinkDeps

/**
 * Creates an account (super admin); 409 when the username is taken. An address given here is not
 * verified yet: a link to confirm it is mailed there (`site` is where links start).
 */
export async function createUser(
  deps: CreateUserDeps,
  actor: Actor,
  input: CreateUserInput,
  site: string,
): Promise<Account> {
  authorize(actor, 'users.manage')
  const account = await addAccount(deps, { ...input, emailVerified: false })
  if (account.email) await sendVerificationLink(deps, account, site)
  return account
}

export type AddAccountDeps = Pick<Deps, 'clock' | 'passwords' | 'store'>

/**
 * Creates an account without a permission check and without mail: for the first start's super
 * admin, createUser, and accounts made from an invitation or a sign-on provider.
 */
export async function addAccount(deps: AddAccountDeps, input: CreateUserInput): Promise<Account> {
  const username = input.username.trim().toLowerCase()
  if (!isUsername(username)) throw new DomainError('username_invalid', { value: input.username })
  if (await deps.store.accounts.byUsername(username))
    throw new DomainError('already_exists', { value: username })
  const passwordHash = await deps.passwords.hash(input.password)
  const account = await deps.store.accounts.create({
    username,
    displayName: oneLineName(input.displayName ?? '') || username,
    email: input.email?.trim() ?? '',
    locale: null,
    isSuperadmin: input.isSuperadmin ?? false,
    emailVerified: (input.emailVerified ?? false) && Boolean(input.email?.trim()),
    passwordHash,
    createdAt: deps.clock.now(),
  })
  // Another request may have taken the name while the password was being hashed.
  if (!account) throw new DomainError('already_exists', { value: username })
  return account
}
