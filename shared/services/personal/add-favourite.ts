import type { Deps } from '../../ports/deps.ts'
import type { Actor } from '../access/actor.ts'
import { type PageInRequest, type PageOfRequestDeps, pageOfRequest } from './internal/page-of-request.ts'

export type AddFavouriteDeps = PageOfRequestDeps & Pick<Deps, 'clock' | 'store'>

/**
 * Marks a page as one of the caller's favourites, in a space they can read (404 otherwise, and for
 * a page the space does not hold). Marking it again changes nothing.
 */
export async function addFavourite(
  deps: AddFavouriteDeps,
  actor: Actor,
  input: PageInRequest,
): Promise<void> {
  const page = await pageOfRequest(deps, actor, input, { mustExist: true })
  await deps.store.personalPages.addFavourite(actor.account.id, page, deps.clock.now())
}
