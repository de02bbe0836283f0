import { randomBytes } from 'node:crypto'
import type { Locale } from '#shared/errors/catalog.ts'
import type { Deps } from '#shared/ports/deps.ts'
import type { Account } from '#shared/ports/store.ts'
import type { Actor } from '#shared/services/access/actor.ts'
import { addAccount } from '#shared/services/accounts/create-user.ts'
import { createOrganization } from '#shared/services/organizations/create-organization.ts'
import { updateOrganization } from '#shared/services/organizations/update-organization.ts'
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
    await createOrganization(deps, actor, { slug: LOCAL_ORG, name: LOCAL_ORG_NAMES.en, join: true })
  return account
}

/** The local organization's name in each language the window speaks. */
const LOCAL_ORG_NAMES = { en: 'This computer', fr: 'Cet ordinateur' } as const satisfies Record<
  Locale,
  string
>

/**
 * Names the local organization in the person's language (the window asks as it opens), unless they
 * gave it a name of their own: it was made before anyone said which language they read.
 */
export async function nameLocalOrg(deps: Deps, actor: Actor, locale: Locale): Promise<void> {
  const org = await deps.store.organizations.bySlug(LOCAL_ORG)
  const wanted = LOCAL_ORG_NAMES[locale]
  const isDefault = (Object.values(LOCAL_ORG_NAMES) as string[]).includes(org?.name ?? '')
  if (org && isDefault && org.name !== wanted)
    await updateOrganization(deps, actor, LOCAL_ORG, { name: wanted })
}

/** Whether the window must ask the person's name and e-mail before their first commit. */
export function needsIdentity(account: Account): boolean {
  return !account.email || !account.displayName || account.displayName === account.username
}

/** The person acting through the desktop (its own setup, the sync of their spaces). */
export function systemActorFor(account: Account): Actor {
  return { account, channel: 'desktop', credential: { kind: 'session' } }
}
