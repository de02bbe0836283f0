import type { Deps } from '../../ports/deps.ts'
import { authorize } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import { type SsoProviderView, viewOf } from './internal/provider-view.ts'

export type { SsoProviderView }

/** Every single sign-on provider, by slug (super admin); the client secrets are never shown. */
export async function listProviders(deps: Pick<Deps, 'store'>, actor: Actor): Promise<SsoProviderView[]> {
  authorize(actor, 'sso.manage')
  return (await deps.store.sso.list()).map(viewOf)
}
