import type { SsoProvider } from '../../../ports/sso.ts'
import { isOpenToAnyone } from './provider-rules.ts'

/** A provider as its administrator sees it: everything but the client secret. */
export type SsoProviderView = Omit<SsoProvider, 'clientSecretSealed' | 'createdAt' | 'updatedAt'> & {
  /** Anyone with an account at the provider gets one here. */
  openToAnyone: boolean
}

/** The view of a stored provider. */
export function viewOf(provider: SsoProvider): SsoProviderView {
  return {
    slug: provider.slug,
    kind: provider.kind,
    name: provider.name,
    issuer: provider.issuer,
    clientId: provider.clientId,
    autoCreate: provider.autoCreate,
    linkByEmail: provider.linkByEmail,
    allowedDomains: provider.allowedDomains,
    enabled: provider.enabled,
    openToAnyone: isOpenToAnyone(provider),
  }
}
