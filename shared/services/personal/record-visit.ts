import type { Deps } from '../../ports/deps.ts'
import type { Actor } from '../access/actor.ts'
import { type PageInRequest, type PageOfRequestDeps, pageOfRequest } from './internal/page-of-request.ts'

/** How many recently viewed pages are kept per person; older visits are forgotten. */
export const RECENT_PAGES_KEPT = 50

export type RecordVisitDeps = PageOfRequestDeps & Pick<Deps, 'clock' | 'store'>

/**
 * Records that the caller viewed a page now, in a space they can read (404 otherwise, and for a
 * page the space does not hold), keeping their RECENT_PAGES_KEPT most recent visits.
 */
export async function recordVisit(deps: RecordVisitDeps, actor: Actor, input: PageInRequest): Promise<void> {
  const page = await pageOfRequest(deps, actor, input, { mustExist: true })
  await deps.store.personalPages.recordVisit(actor.account.id, page, deps.clock.now(), RECENT_PAGES_KEPT)
}
