import type { Deps } from '../../ports/deps.ts'
import type { Actor } from '../access/actor.ts'
import { type PageInRequest, type PageOfRequestDeps, pageOfRequest } from './internal/page-of-request.ts'

export type RemoveFavouriteDeps = PageOfRequestDeps & Pick<Deps, 'store'>

/**
 * Takes a page off the caller's favourites, in a space they can read (404 otherwise). A page that
 * was not one, or is gone from the space, is fine: the caller may unmark a page deleted since.
 */
export async function removeFavourite(
  deps: RemoveFavouriteDeps,
  actor: Actor,
  input: PageInRequest,
): Promise<void> {
  const page = await pageOfRequest(deps, actor, input, { mustExist: false })
  await deps.store.personalPages.removeFavourite(actor.account.id, page)
}
