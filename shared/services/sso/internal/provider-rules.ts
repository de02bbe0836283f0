import { DomainError } from '../../../errors/domain-error.ts'
import type { SsoKind, SsoProvider } from '../../../ports/sso.ts'

/** Google's issuer: one for every Google account. */
export const GOOGLE_ISSUER = 'https://accounts.google.com'
/** Microsoft's issuer for any work, school or personal account; a tenant's own issuer narrows it. */
export const MICROSOFT_COMMON_ISSUER = 'https://login.microsoftonline.com/common/v2.0'

/** Microsoft's issuers: `common`, `organizations`, `consumers`, or one tenant (its id or domain). */
const MICROSOFT_ISSUER = /^https:\/\/login\.microsoftonline\.com\/([A-Za-z0-9][A-Za-z0-9.-]{0,99})\/v2\.0$/
/** The Microsoft tenants that let in anyone with an account of that kind. */
const MICROSOFT_OPEN_TENANTS = new Set(['common', 'organizations', 'consumers'])

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/

/**
 * The issuer a provider of this kind talks to: Google's own; Microsoft's common one unless a tenant's
 * is given; for any other provider the given one, as written (its provider compares it exactly), over
 * https, or http on this machine's loopback (a provider for tests or development).
 */
export function issuerFor(kind: SsoKind, issuer: string | null | undefined): string {
  const given = issuer?.trim() ?? ''
  if (kind === 'google') {
    if (given && given.replace(/\/$/, '') !== GOOGLE_ISSUER)
      throw new DomainError('sso_issuer_fixed', { kind, value: GOOGLE_ISSUER })
    return GOOGLE_ISSUER
  }
  if (kind === 'microsoft') {
    if (!given) return MICROSOFT_COMMON_ISSUER
    const tenant = MICROSOFT_ISSUER.exec(given.replace(/\/$/, ''))?.[1]
    if (!tenant) {
      const shape = 'https://login.microsoftonline.com/<tenant>/v2.0'
      throw new DomainError('sso_issuer_fixed', { kind, value: shape })
    }
    return `https://login.microsoftonline.com/${tenant}/v2.0`
  }
  if (!given) throw new DomainError('sso_issuer_required')
  let url: URL
  try {
    url = new URL(given)
  } catch {
    throw new DomainError('sso_issuer_invalid', { value: given })
  }
  const isSecure = url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))
  if (!isSecure || url.search || url.hash || given.includes('#') || url.username || url.password)
    throw new DomainError('sso_issuer_invalid', { value: given })
  return given
}

/** The allowed domains, lowercased without duplicates (a leading `@` is forgiven); 400 for one that is not a domain. */
export function domainsOf(domains: readonly string[]): string[] {
  const clean = domains.map((d) => d.trim().toLowerCase().replace(/^@/, ''))
  for (const [i, domain] of clean.entries())
    if (!DOMAIN.test(domain)) throw new DomainError('sso_domain_invalid', { value: domains[i] ?? '' })
  return [...new Set(clean)]
}

/** Whether the provider links a sign-in to the account already holding its verified address. */
export function linksByEmail(provider: SsoProvider): boolean {
  // The hosted public providers vouch for their addresses; any other provider may let people type theirs.
  return provider.linkByEmail ?? provider.kind !== 'oidc'
}

/**
 * Whether anyone with an account at the provider gets one here: automatic creation with no domain
 * restriction, at Google or at Microsoft's shared issuers (a tenant's issuer lets in its own people only).
 */
export function isOpenToAnyone(provider: SsoProvider): boolean {
  if (!provider.autoCreate || provider.allowedDomains.length > 0) return false
  if (provider.kind === 'google') return true
  const tenant = MICROSOFT_ISSUER.exec(provider.issuer)?.[1]
  return provider.kind === 'microsoft' && tenant !== undefined && MICROSOFT_OPEN_TENANTS.has(tenant)
}

/** Whether an address is in one of the allowed domains (exact domain, without case); any address when none are set. */
export function isDomainAllowed(provider: SsoProvider, email: string): boolean {
  if (provider.allowedDomains.length === 0) return true
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase()
  return provider.allowedDomains.includes(domain)
}
