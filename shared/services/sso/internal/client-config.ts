import type { Deps } from '../../../ports/deps.ts'
import type { OidcClientConfig } from '../../../ports/oidc.ts'
import type { SsoProvider } from '../../../ports/sso.ts'

/** How the relying party reaches a provider: its issuer, and the client's id and secret, opened. */
export function clientConfigOf(deps: Pick<Deps, 'cipher'>, provider: SsoProvider): OidcClientConfig {
  return {
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: deps.cipher.open(provider.clientSecretSealed),
  }
}
