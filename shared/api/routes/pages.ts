import type { Deps } from '../../ports/deps.ts'
import { newRouter } from '../router.ts'

/** Finding and getting back pages: the switcher's page list, backlinks, trash, page templates. */
export function pageRoutes(_deps: Deps) {
  return newRouter()
}
