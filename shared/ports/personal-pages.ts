/** A page of a space, by its path relative to `content/`. */
export type PageRef = { spaceId: number; path: string }

/** A page a person viewed, and when they last did. */
export type PageVisit = PageRef & { viewedAt: number }

/** A page a person marked as a favourite, and when they did. */
export type FavouritePage = PageRef & { addedAt: number }

/**
 * What each person keeps for themselves across spaces: the pages they viewed lately and their
 * favourite pages. Rows go with their account or space; callers check access to the space before
 * writing a row and again when reading them, since a person may have lost access since.
 */
export interface PersonalPageStore {
  /**
   * Records that the account viewed the page at `at` (a page viewed again moves to the front), and
   * forgets its visits beyond the `keep` most recent, in one transaction.
   */
  recordVisit(accountId: number, page: PageRef, at: number, keep: number): Promise<void>
  /** The account's visits, newest first (then by space and path). */
  visits(accountId: number): Promise<PageVisit[]>
  /** Marks the page as a favourite of the account; a page already marked keeps when it was first. */
  addFavourite(accountId: number, page: PageRef, at: number): Promise<void>
  /** Forgets the favourite; nothing happens when the page was not one. */
  removeFavourite(accountId: number, page: PageRef): Promise<void>
  /** The account's favourite pages, by space and path. */
  favourites(accountId: number): Promise<FavouritePage[]>
  /**
   * Moves every person's visits and favourites of a page to its new path, in one transaction. Rows
   * already at `to` were about a page no longer there (a move needs the new path free): they go.
   */
  followMove(spaceId: number, from: string, to: string): Promise<void>
}
