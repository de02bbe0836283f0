import type { Deps } from '../../ports/deps.ts'
import type { Account } from '../../ports/store.ts'
import type { Actor } from '../../services/access/actor.ts'
import { authenticateToken } from '../../services/accounts/authenticate.ts'
import { type CreateTokenDeps, createToken } from '../../services/accounts/create-token.ts'
import { addAccount } from '../../services/accounts/create-user.ts'

/** The ports a person is made with: what the account services take, so in-memory fakes do. */
export type PersonDeps = Parameters<typeof addAccount>[0] &
  Parameters<typeof authenticateToken>[0] &
  CreateTokenDeps &
  Pick<Deps, 'clock' | 'secrets' | 'store'>

/** How a seeded person differs from an ordinary one. */
export type PersonOptions = {
  superadmin?: boolean
  password?: string
  /** Whether the person proved they read mail at their address (unproved by default, as after sign-up). */
  emailVerified?: boolean
}

/** A seeded person: the account, and a personal token with every right. */
export type Person = { account: Account; token: string }

/**
 * Creates an account the way the tests name people (`ada` is shown as "Ada", signs in with
 * `ada-password`, gets mail at ada@example.com) and gives it a full-rights token named `test`, as
 * an API client would hold. Only ports are used, so any store and clock do.
 */
export async function addPerson(
  deps: PersonDeps,
  username: string,
  options: PersonOptions = {},
): Promise<Person> {
  const account = await addAccount(deps, {
    username,
    displayName: username[0]?.toUpperCase() + username.slice(1),
    password: options.password ?? `${username}-password`,
    email: `${username}@example.com`,
    isSuperadmin: options.superadmin ?? false,
    emailVerified: options.emailVerified ?? false,
  })
  // The person makes the token themselves, as through the account screen: no expiry, every space.
  const owner: Actor = { account, channel: 'api', credential: { kind: 'session' } }
  const { secret: token } = await createToken(deps, owner, { name: 'test', days: null })
  return { account, token }
}

/** The caller a token stands for, as an API request bearing it would be: for calling services as that person. */
export function actorOf(deps: Parameters<typeof authenticateToken>[0], token: string): Promise<Actor> {
  return authenticateToken(deps, token)
}
