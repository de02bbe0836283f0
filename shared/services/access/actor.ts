import type { Credential } from '../../domain/policy.ts'
import type { Locale } from '../../errors/catalog.ts'
import { isLocale } from '../../errors/locale.ts'
import type { Account } from '../../ports/store.ts'

/** Interfaces a call can come through. */
export type Channel = 'api' | 'web' | 'mcp' | 'desktop' | 'git' | 'system' | 'routine'

/** Who is calling, and through what: the account and its credential's restrictions. */
export type Actor = {
  account: Account
  /** The interface the call came through, written in commit trailers (`Source: <channel>`). */
  channel: Channel
  credential: Credential
  /** The token's id and name, when the caller uses a personal token. */
  token?: { id: string; name: string }
  /** The session's id, when the caller is signed in with a cookie. */
  sessionId?: string
}

/** The language to answer the caller in: the account's own choice, else the request's. */
export function localeOf(actor: Actor, requestLocale: Locale): Locale {
  const own = actor.account.locale
  return isLocale(own) ? own : requestLocale
}
