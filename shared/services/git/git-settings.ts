import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import type { OrgStore, Space } from '../../ports/store.ts'
import { type AccessSpaceDeps, accessSpace, type FindSpaceDeps, findSpace } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import type { SpaceRef } from '../content/content-files.ts'
import { type SyncSpaceDeps, syncSpace } from './sync-space.ts'

export type CredentialsInput =
  | { kind: 'https'; token?: string }
  | { kind: 'ssh'; privateKey?: string; knownHosts?: string }

export type SetCredentialsDeps = AccessSpaceDeps & Pick<Deps, 'cipher'>

/** Stores the credentials of a space's remote, sealed with the server's key (organization admin). */
export async function setCredentials(
  deps: SetCredentialsDeps,
  actor: Actor,
  ref: SpaceRef,
  input: CredentialsInput,
): Promise<void> {
  const { space, orgStore } = await accessSpace(deps, actor, ref.org, ref.space, 'space.admin')
  const credentials =
    input.kind === 'https'
      ? input.token?.trim() && { kind: 'https', token: input.token.trim() }
      : input.privateKey?.trim() &&
        input.knownHosts?.trim() && {
          kind: 'ssh',
          privateKey: input.privateKey,
          knownHosts: input.knownHosts,
        }
  if (!credentials) throw new DomainError('credentials_invalid')
  await orgStore.space(space.id).git.update({
    credentials: deps.cipher.seal(JSON.stringify(credentials)),
    credentialsKind: input.kind,
  })
}

export type DeleteCredentialsDeps = AccessSpaceDeps

/** Removes the credentials of a space's remote (organization admin). */
export async function deleteCredentials(
  deps: DeleteCredentialsDeps,
  actor: Actor,
  ref: SpaceRef,
): Promise<void> {
  const { space, orgStore } = await accessSpace(deps, actor, ref.org, ref.space, 'space.admin')
  await orgStore.space(space.id).git.update({ credentials: null, credentialsKind: null })
}

export type NewWebhookSecretDeps = AccessSpaceDeps & Pick<Deps, 'cipher' | 'secrets'>

/** A new secret for the space's incoming webhook (organization admin); returned once, stored sealed. */
export async function newWebhookSecret(
  deps: NewWebhookSecretDeps,
  actor: Actor,
  ref: SpaceRef,
): Promise<{ secret: string; path: string }> {
  const { space, orgStore } = await accessSpace(deps, actor, ref.org, ref.space, 'space.admin')
  const secret = deps.secrets.mint('qwhs_')
  await orgStore.space(space.id).git.update({ webhookSecret: deps.cipher.seal(secret) })
  return { secret, path: `/hooks/git/${ref.org}/${ref.space}` }
}

export type RequestSyncDeps = AccessSpaceDeps & SyncSpaceDeps

/** Starts a sync of a space (contributor); it runs in the background. */
export async function requestSync(
  deps: RequestSyncDeps,
  actor: Actor,
  ref: SpaceRef,
): Promise<{ done: Promise<unknown> }> {
  const { space, orgStore } = await accessSpace(deps, actor, ref.org, ref.space, 'space.write')
  if (!space.repoUrl) throw new DomainError('no_remote')
  return { done: syncSpace(deps, orgStore, space) }
}

/** The headers a Git host signs its webhooks with, one per kind of host. */
const SIGNATURE_HEADERS = ['x-hub-signature-256', 'x-forgeb-signature', 'x-forgec-token'] as const

/** A space whose webhook secret is known, for a request that carries a signature header. */
export type WebhookTarget = { orgStore: OrgStore; space: Space; secret: string }

export type WebhookTargetDeps = FindSpaceDeps & Pick<Deps, 'cipher'>

/**
 * The space an incoming Git-host webhook names, when it exists, has a webhook secret, and the request
 * carries one of the signature headers: all checked before the body is read, so a caller without any
 * of them costs nothing. Anything else gives undefined.
 */
export async function webhookTarget(
  deps: WebhookTargetDeps,
  ref: SpaceRef,
  headers: (name: string) => string | undefined,
): Promise<WebhookTarget | undefined> {
  if (!SIGNATURE_HEADERS.some((name) => headers(name) !== undefined)) return undefined
  const found = await findSpace(deps, ref.org, ref.space)
  const sealed = found && (await found.spaceStore.git.get()).webhookSecret
  if (!found || !sealed) return undefined
  return { orgStore: found.orgStore, space: found.space, secret: deps.cipher.open(sealed) }
}

/**
 * Whether an incoming webhook's signature is right: `X-Hub-Signature-256` (`sha256=` + hex
 * HMAC-SHA256 of the raw body), `X-Forgeb-Signature` (bare hex HMAC-SHA256) or `X-Forgec-Token`
 * (the secret itself).
 */
export function verifyWebhook(
  deps: Pick<Deps, 'secrets'>,
  target: WebhookTarget,
  headers: (name: string) => string | undefined,
  body: Uint8Array,
): boolean {
  const { secret } = target
  const mac = deps.secrets.hmacHex(secret, body)
  const hub = headers('x-hub-signature-256')
  const forgeb = headers('x-forgeb-signature')
  const forgec = headers('x-forgec-token')
  return (
    (hub !== undefined && deps.secrets.equal(hub.trim().toLowerCase(), `sha256=${mac}`)) ||
    (forgeb !== undefined && deps.secrets.equal(forgeb.trim().toLowerCase(), mac)) ||
    (forgec !== undefined && deps.secrets.equal(forgec, secret))
  )
}
