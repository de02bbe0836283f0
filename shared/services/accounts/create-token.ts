import { DAY_MS, DEFAULT_TOKEN_DAYS, TOKEN_PREFIX } from '../../domain/limits.ts'
import type { Deps } from '../../ports/deps.ts'
import type { Token } from '../../ports/store.ts'
import { type AccessSpaceRefDeps, accessSpaceRef, authorize } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'

export type CreateTokenInput = {
  name: string
  /** Days until expiry; null for none; absent for the default lifetime. */
  days?: number | null
  readOnly?: boolean
  /** `<org_slug>/<space_slug>` entries; absent for every space, including future ones. */
  spaces?: string[]
}

export type CreateTokenDeps = ResolveSpacesDeps & Pick<Deps, 'clock' | 'secrets' | 'store'>

/** Creates a personal token for the caller; the secret is returned here once and stored only as a digest. */
export async function createToken(
  deps: CreateTokenDeps,
  actor: Actor,
  input: CreateTokenInput,
): Promise<{ token: Token; secret: string }> {
  authorize(actor, 'account.manage')
  const spaceIds = input.spaces === undefined ? null : await resolveSpaces(deps, actor, input.spaces)
  const now = deps.clock.now()
  const days = input.days === undefined ? DEFAULT_TOKEN_DAYS : input.days
  const secret = deps.secrets.mint(TOKEN_PREFIX)
  const token = await deps.store.tokens.create({
    id: deps.secrets.id(),
    accountId: actor.account.id,
    name: input.name.trim(),
    hint: secret.slice(-4),
    readOnly: input.readOnly ?? false,
    spaceIds,
    createdAt: now,
    expiresAt: days === null ? null : now + days * DAY_MS,
    lastUsedAt: null,
    secretHash: deps.secrets.digest(secret),
  })
  return { token, secret }
}

type ResolveSpacesDeps = AccessSpaceRefDeps

/** The ids of the listed spaces, each of which the account must be able to read. */
async function resolveSpaces(deps: ResolveSpacesDeps, actor: Actor, refs: string[]): Promise<number[]> {
  // The account's own rights decide, not the (unrestricted) credential creating the token.
  const owner: Actor = { ...actor, credential: { kind: 'session' } }
  const ids = await Promise.all(
    refs.map(async (ref) => (await accessSpaceRef(deps, owner, ref, 'space.read')).space.id),
  )
  return [...new Set(ids)]
}
