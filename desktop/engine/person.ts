import { randomBytes } from 'node:crypto'
import type { Deps } from '#shared/ports/deps.ts'
import type { Account } from '#shared/ports/store.ts'
import type { Actor } from '#shared/services/access/actor.ts'
import { addAccount } from '#shared/services/accounts/create-user.ts'
import { createOrganization } from '#shared/services/organizations/create-organization.ts'
import type { Identity } from './identity.ts'

/** The username of the desktop's one person: never shown in commits, which carry their name and e-mail. */
export const PERSON_USERNAME = 'me'
/** The organization of the spaces kept on this computer only or taken from a Git remote. */
export const LOCAL_ORG = 'local'

/**
 * The desktop's one person: created at first start as the super admin of the local instance, named
 * from Git's configuration when it has a name and e-mail (the window asks otherwise). They sign in
 * with no password: the engine's credential stands for them.
 */
export async function ensurePerson(deps: Deps, identity: Partial<Identity>): Promise<Account> {
  const existing = await deps.store.accounts.byUsername(PERSON_USERNAME)
  const account =
    existing ??
    (await addAccount(deps, {
      username: PERSON_USERNAME,
      // Nobody signs in with it: a password no one knows keeps the sign-in route shut.
      password: randomBytes(32).toString('base64url'),
      displayName: identity.name ?? '',
      email: identity.email ?? '',
      isSuperadmin: true,
    }))
  const actor = systemActorFor(account)
  if (!(await deps.store.organizations.bySlug(LOCAL_ORG)))
    await createOrganization(deps, actor, { slug: LOCAL_ORG, name: 'This computer', join: true })
  return account
}

/** Whether the window must ask the person's name and e-mail before their first commit. */
export function needsIdentity(account: Account): boolean {
  return !account.email || !account.displayName || account.displayName === account.username
}

/** The person acting through the desktop (its own setup, the sync of their spaces). */
export function systemActorFor(account: Account): Actor {
  return { account, channel: 'desktop', credential: { kind: 'session' } }
}
