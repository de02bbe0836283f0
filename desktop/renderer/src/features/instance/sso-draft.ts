import type { SsoProviderInput } from './mutations.ts'
import type { SsoProvider } from './queries.ts'

/** What the single sign-on provider form holds, and what it reads from a provider and sends back. */

export type Kind = SsoProvider['kind']

/** The kinds of provider, in the order offered: any OpenID Connect provider, then the hosted ones. */
export const SSO_KINDS: readonly Kind[] = ['oidc', 'google', 'microsoft']

/** Whether a provider links accounts by verified address when not told: the hosted ones do. */
export const linksByDefault = (kind: Kind) => kind !== 'oidc'

/** Microsoft's issuers are its sign-in address with a tenant: `common` lets in any Microsoft account. */
const MICROSOFT_ISSUER = /^https:\/\/login\.microsoftonline\.com\/([^/]+)\/v2\.0\/?$/

/** The tenant a Microsoft issuer names, empty for the one open to every Microsoft account. */
export function tenantOf(issuer: string): string {
  const tenant = MICROSOFT_ISSUER.exec(issuer)?.[1] ?? issuer
  return tenant === 'common' ? '' : tenant
}

/** The issuer of a Microsoft tenant as typed (an id, a domain, or the whole issuer); empty for the common one. */
export function microsoftIssuer(tenant: string): string {
  const given = tenant.trim()
  if (given === '' || given.startsWith('https://')) return given
  return `https://login.microsoftonline.com/${given}/v2.0`
}

/** The form's fields as typed. */
export type Draft = {
  kind: Kind
  name: string
  slug: string
  slugEdited: boolean
  issuer: string
  clientId: string
  clientSecret: string
  autoCreate: boolean
  /** null: the kind's default (until the person ticks or unticks the box). */
  linkByEmail: boolean | null
  domains: string
  enabled: boolean
}

/** The fields of a provider to change, or of a new one. */
export function draftOf(provider: SsoProvider | undefined): Draft {
  return {
    kind: provider?.kind ?? 'oidc',
    name: provider?.name ?? '',
    slug: provider?.slug ?? '',
    slugEdited: false,
    issuer: provider?.kind === 'microsoft' ? tenantOf(provider.issuer) : (provider?.issuer ?? ''),
    clientId: provider?.client_id ?? '',
    clientSecret: '',
    autoCreate: provider?.auto_create ?? false,
    linkByEmail: provider?.link_by_email ?? null,
    domains: provider?.allowed_domains.join(', ') ?? '',
    enabled: provider?.enabled ?? true,
  }
}

/** Domains as typed, comma or space separated, lowercased, without an `@` or repeats. */
export function domainsOf(text: string): string[] {
  const domains = text
    .split(/[\s,;]+/)
    .map((domain) => domain.trim().replace(/^@/, '').toLowerCase())
    .filter((domain) => domain !== '')
  return [...new Set(domains)]
}

/** The issuer a draft names: none for Google (it has one), a tenant's for Microsoft, else as typed. */
function issuerOf(draft: Draft): string {
  if (draft.kind === 'google') return ''
  if (draft.kind === 'microsoft') return microsoftIssuer(draft.issuer)
  return draft.issuer.trim()
}

/** What the form sends: an empty secret on a change keeps the stored one. */
export function inputOf(draft: Draft, isNew: boolean): SsoProviderInput {
  return {
    kind: draft.kind,
    name: draft.name.trim(),
    issuer: issuerOf(draft),
    client_id: draft.clientId.trim(),
    client_secret: draft.clientSecret === '' && !isNew ? null : draft.clientSecret,
    auto_create: draft.autoCreate,
    link_by_email: draft.linkByEmail,
    allowed_domains: domainsOf(draft.domains),
    enabled: draft.enabled,
  }
}
