import type { PageVisit } from '../../ports/personal-pages.ts'
import type { Actor } from '../access/actor.ts'
import { type ReadablePage, type ReadablePagesDeps, readablePages } from './internal/readable-pages.ts'

/** How many recently viewed pages a listing gives when not told. */
export const RECENT_PAGES_DEFAULT = 20

export type ListRecentPagesDeps = ReadablePagesDeps

/**
 * The pages the caller viewed lately, newest first, at most `limit`: only those still there, in
 * spaces the caller can still read.
 */
export async function listRecentPages(
  deps: ListRecentPagesDeps,
  actor: Actor,
  limit = RECENT_PAGES_DEFAULT,
): Promise<ReadablePage<PageVisit>[]> {
  const visits = await deps.store.personalPages.visits(actor.account.id)
  return (await readablePages(deps, actor, visits)).slice(0, limit)
}
