import { SESSION_IDLE_MS, SESSION_REFRESH_MS, TOKEN_TOUCH_MS } from '../../domain/limits.ts'
import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import type { Actor, Channel } from '../access/actor.ts'

/** The caller behind a personal token, calling through `channel`; 401 when the token is unknown, revoked or expired. */
export async function authenticateToken(
  deps: Pick<Deps, 'clock' | 'secrets' | 'store'>,
  secret: string,
  channel: Channel = 'api',
): Promise<Actor> {
  const now = deps.clock.now()
  const found = secret ? await deps.store.tokens.byHash(deps.secrets.digest(secret)) : undefined
  if (!found) throw new DomainError('unauthenticated')
  const { token, account } = found
  if (!account.isActive || (token.expiresAt !== null && token.expiresAt <= now)) {
    throw new DomainError('unauthenticated')
  }
  if (token.lastUsedAt === null || now - token.lastUsedAt >= TOKEN_TOUCH_MS)
    await deps.store.tokens.touch(token.id, now)
  return {
    account,
    channel,
    credential: { kind: 'token', readOnly: token.readOnly, spaceIds: token.spaceIds },
    token: { id: token.id, name: token.name },
  }
}

/**
 * The caller behind a session cookie; 401 when the session is unknown or over. Keeps it alive, unless
 * `keepAlive` is false: a check made for the person (an open page checked again while they are away)
 * is no sign of them, and must not hold an idle session open for ever.
 */
export async function authenticateSession(
  deps: Pick<Deps, 'clock' | 'secrets' | 'store'>,
  cookieValue: string,
  { keepAlive = true }: { keepAlive?: boolean } = {},
): Promise<Actor> {
  const now = deps.clock.now()
  const id = deps.secrets.digest(cookieValue)
  const found = cookieValue ? await deps.store.sessions.byId(id, now) : undefined
  if (!found?.account.isActive) throw new DomainError('unauthenticated')
  if (keepAlive && now - found.session.lastSeenAt >= SESSION_REFRESH_MS) {
    await deps.store.sessions.extend(id, now, now + SESSION_IDLE_MS)
  }
  return { account: found.account, channel: 'web', credential: { kind: 'session' }, sessionId: id }
}
