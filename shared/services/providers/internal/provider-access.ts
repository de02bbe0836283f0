import { DomainError } from '../../../errors/domain-error.ts'
import type { Deps } from '../../../ports/deps.ts'
import type { Actor } from '../../access/actor.ts'

type Stored = { provider: string; baseUrl: string; apiKey: string | null }

export type ProviderAccessDeps = Pick<Deps, 'cipher'>

/**
 * The address and sealed key of a provider setting (AI or embeddings), by the same rules for both:
 * only the super admin may change `base_url` (it decides where the server sends requests and
 * keys); a key that is not sent is kept unless the provider or the address changes; null removes it.
 */
export function providerAccess(
  deps: ProviderAccessDeps,
  actor: Actor,
  current: Stored | undefined,
  input: { provider: string; baseUrl?: string; apiKey?: string | null },
): { baseUrl: string; apiKey: string | null } {
  const baseUrl =
    input.baseUrl === undefined ? (current?.baseUrl ?? '') : input.baseUrl.trim().replace(/\/+$/, '')
  if (baseUrl !== (current?.baseUrl ?? '') && !actor.account.isSuperadmin)
    throw new DomainError('base_url_reserved')
  if (baseUrl && !/^https?:\/\/[^\s]+$/.test(baseUrl)) throw new DomainError('base_url_invalid')
  if (input.apiKey) return { baseUrl, apiKey: deps.cipher.seal(input.apiKey) }
  if (input.apiKey === null) return { baseUrl, apiKey: null }
  const keepsKey = current !== undefined && current.provider === input.provider && current.baseUrl === baseUrl
  return { baseUrl, apiKey: keepsKey ? current.apiKey : null }
}
