import { CODE_TTL_MS } from '../../domain/oauth.ts'
import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import type { Actor } from '../access/actor.ts'
import { type ListVisibleSpacesDeps, listVisibleSpaces, type SpaceView } from '../spaces/list-spaces.ts'
import type { AuthorizationRequest } from './authorization-request.ts'

export type ConsentSpacesDeps = ListVisibleSpacesDeps

/** The spaces a person may limit a grant to: every space they can read, by their own rights. */
export async function consentSpaces(deps: ConsentSpacesDeps, actor: Actor): Promise<SpaceView[]> {
  return await listVisibleSpaces(deps, { ...actor, credential: { kind: 'session' } })
}

export type ConsentFormTokenDeps = FormMacDeps & Pick<Deps, 'secrets'>

/**
 * A token for the consent form, bound to the session (keyed by its id, a server-side secret) and to
 * the request it approves, so a form from elsewhere, or for another request, is refused.
 */
export function consentFormToken(
  deps: ConsentFormTokenDeps,
  sessionId: string,
  request: AuthorizationRequest,
): string {
  const nonce = deps.secrets.id()
  return `${nonce}.${formMac(deps, sessionId, nonce, request)}`
}

export type IsConsentFormTokenDeps = FormMacDeps & Pick<Deps, 'secrets'>

/** Whether a consent form's token was made for this session and this request. */
export function isConsentFormToken(
  deps: IsConsentFormTokenDeps,
  sessionId: string,
  request: AuthorizationRequest,
  token: string,
): boolean {
  const [nonce, mac, ...rest] = token.split('.')
  if (!nonce || !mac || rest.length > 0) return false
  return deps.secrets.equal(mac, formMac(deps, sessionId, nonce, request))
}

type FormMacDeps = Pick<Deps, 'secrets'>

function formMac(deps: FormMacDeps, sessionId: string, nonce: string, request: AuthorizationRequest): string {
  const { client_id, redirect_uri, code_challenge, scope, state, resource } = request.params
  const bound = JSON.stringify([nonce, client_id, redirect_uri, code_challenge, scope, state, resource])
  return deps.secrets.hmacHex(sessionId, new TextEncoder().encode(bound))
}

export type ApproveAuthorizationDeps = ConsentSpacesDeps & Pick<Deps, 'clock' | 'secrets' | 'store'>

/**
 * Records a person's consent as a single-use authorization code, valid CODE_TTL_MS, limited to the
 * chosen spaces (none chosen: every space). Each chosen space must be one they can read. Returns the
 * code, stored as a digest only.
 */
export async function approveAuthorization(
  deps: ApproveAuthorizationDeps,
  actor: Actor,
  request: AuthorizationRequest,
  spaceIds: number[],
): Promise<string> {
  const readable = new Set((await consentSpaces(deps, actor)).map((view) => view.space.id))
  if (!spaceIds.every((id) => readable.has(id))) throw new DomainError('not_found')
  const code = deps.secrets.mint('qoac_')
  const now = deps.clock.now()
  await deps.store.oauth.createCode(
    {
      hash: deps.secrets.digest(code),
      clientId: request.client.id,
      accountId: actor.account.id,
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
      scope: request.scope,
      spaceIds: spaceIds.length === 0 ? null : [...new Set(spaceIds)],
      expiresAt: now + CODE_TTL_MS,
      usedAt: null,
      grantId: null,
    },
    now,
  )
  return code
}
