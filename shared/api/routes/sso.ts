import type { Deps } from '../../ports/deps.ts'
import type { ApiOptions } from '../env.ts'
import { newRouter } from '../router.ts'

/** Placeholder: the routes land in the next commits. */
export function ssoRoutes(_deps: Deps, _options: ApiOptions) {
  return newRouter()
}
