import type { Deps } from '../../ports/deps.ts'
import { newRouter } from '../router.ts'

/** What each person keeps for themselves: recently viewed pages and favourite pages. */
export function personalRoutes(_deps: Deps) {
  return newRouter()
}
