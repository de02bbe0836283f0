import { isSlug } from '../../domain/identifiers.ts'
import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import type { SsoKind, SsoProvider } from '../../ports/sso.ts'
import { authorize } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import { domainsOf, issuerFor } from './internal/provider-rules.ts'
import { type SsoProviderView, viewOf } from './internal/provider-view.ts'

/** A provider's settings as its administrator sends them; what is absent takes its default. */
export type PutProviderInput = {
  kind: SsoKind
  name: string
  clientId: string
  /** null or absent keeps the stored secret; required for a new provider. */
  clientSecret?: string | null
  /** Required for `oidc`; Google's is fixed; Microsoft's is its common one unless a tenant's is given. */
  issuer?: string | null
  /** Creates an account for a person who has none yet (default false). */
  autoCreate?: boolean
  /** null: yes for Google and Microsoft, no otherwise. */
  linkByEmail?: boolean | null
  /** E-mail domains allowed to link and to be created; empty for any. */
  allowedDomains?: string[]
  enabled?: boolean
}

export type PutProviderDeps = Pick<Deps, 'cipher' | 'clock' | 'store'>

/**
 * Creates or replaces a single sign-on provider (super admin); `created` tells which. The client
 * secret is sealed with the server's key and never shown again. Nothing is asked of the provider
 * here: a wrong setting shows at the first sign-in. Changing the issuer or the client forgets the
 * accounts linked through the provider, as a subject there may then name someone else.
 */
export async function putProvider(
  deps: PutProviderDeps,
  actor: Actor,
  slug: string,
  input: PutProviderInput,
): Promise<{ provider: SsoProviderView; created: boolean }> {
  authorize(actor, 'sso.manage')
  if (!isSlug(slug)) throw new DomainError('slug_invalid', { value: slug })
  const current = await deps.store.sso.bySlug(slug)
  const issuer = issuerFor(input.kind, input.issuer)
  const allowedDomains = domainsOf(input.allowedDomains ?? [])
  const secret = input.clientSecret ?? null
  if (secret === null && !current) throw new DomainError('sso_secret_required')
  const now = deps.clock.now()
  const provider: SsoProvider = {
    slug,
    kind: input.kind,
    name: input.name.trim(),
    issuer,
    clientId: input.clientId.trim(),
    clientSecretSealed:
      secret === null && current ? current.clientSecretSealed : deps.cipher.seal(secret ?? ''),
    autoCreate: input.autoCreate ?? false,
    linkByEmail: input.linkByEmail ?? null,
    allowedDomains,
    enabled: input.enabled ?? true,
    createdAt: current?.createdAt ?? now,
    updatedAt: now,
  }
  if (current && (current.issuer !== provider.issuer || current.clientId !== provider.clientId))
    await deps.store.sso.remove(slug)
  const isNew = await deps.store.sso.put(provider)
  return { provider: viewOf(provider), created: isNew && current === undefined }
}
