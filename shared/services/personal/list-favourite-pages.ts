import type { FavouritePage } from '../../ports/personal-pages.ts'
import type { Actor } from '../access/actor.ts'
import { type ReadablePage, type ReadablePagesDeps, readablePages } from './internal/readable-pages.ts'

export type ListFavouritePagesDeps = ReadablePagesDeps

/**
 * The caller's favourite pages by title (then path, then space): only those still there, in spaces
 * they can still read.
 */
export async function listFavouritePages(
  deps: ListFavouritePagesDeps,
  actor: Actor,
): Promise<ReadablePage<FavouritePage>[]> {
  const favourites = await deps.store.personalPages.favourites(actor.account.id)
  return (await readablePages(deps, actor, favourites)).sort(
    (a, b) =>
      byTitle(a.title, b.title) ||
      byCodePoint(a.path, b.path) ||
      byCodePoint(a.view.organization.slug, b.view.organization.slug) ||
      byCodePoint(a.view.space.slug, b.view.space.slug),
  )
}

/** Titles as a person reads a list: letters before case and accents, numbers by value. */
const titles = new Intl.Collator('en', { sensitivity: 'base', numeric: true })
const byTitle = (a: string, b: string) => titles.compare(a, b) || byCodePoint(a, b)
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
