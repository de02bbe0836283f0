import type { FavouritePage, PageRef, PageVisit, PersonalPageStore } from '../../ports/personal-pages.ts'
import type { Sync } from '../../ports/sync.ts'
import { memoryPort } from './memory-port.ts'
import { byBinary, type MemoryTables, mustRefer } from './memory-tables.ts'

/** One person's page, as the tables' primary key names it. */
const keyOf = (accountId: number, page: PageRef) => JSON.stringify([accountId, page.spaceId, page.path])

type Row<T> = T & { accountId: number }

const bySpaceAndPath = (a: PageRef, b: PageRef) => a.spaceId - b.spaceId || byBinary(a.path, b.path)

/**
 * Each person's recently viewed and favourite pages in memory, answering as the SQLite adapter
 * does. Given the store's tables, a row must name an account and a space of them, and is forgotten
 * with its space, as the database's foreign keys do.
 */
export function memoryPersonalPages(tables?: Pick<MemoryTables, 'accounts' | 'spaces'>): PersonalPageStore {
  const visits = new Map<string, Row<PageVisit>>()
  const favourites = new Map<string, Row<FavouritePage>>()
  /** Forgets the rows of spaces deleted since the last call (the cascade, done when next asked). */
  const forgetDeletedSpaces = () => {
    if (!tables) return
    for (const rows of [visits, favourites])
      for (const [key, row] of rows) if (!tables.spaces.has(row.spaceId)) rows.delete(key)
  }
  const mustReferBoth = (accountId: number, page: PageRef, table: string) => {
    if (!tables) return
    mustRefer(tables.accounts.has(accountId), `${table}.account_id`)
    mustRefer(tables.spaces.has(page.spaceId), `${table}.space_id`)
  }
  const visitsOf = (accountId: number): PageVisit[] =>
    [...visits.values()]
      .filter((row) => row.accountId === accountId)
      .sort((a, b) => b.viewedAt - a.viewedAt || bySpaceAndPath(a, b))
      .map(({ spaceId, path, viewedAt }) => ({ spaceId, path, viewedAt }))
  const store: Sync<PersonalPageStore> = {
    recordVisit: (accountId, page, at, keep) => {
      mustReferBoth(accountId, page, 'page_visits')
      visits.set(keyOf(accountId, page), { accountId, spaceId: page.spaceId, path: page.path, viewedAt: at })
      for (const old of visitsOf(accountId).slice(keep)) visits.delete(keyOf(accountId, old))
    },
    visits: visitsOf,
    addFavourite: (accountId, page, at) => {
      mustReferBoth(accountId, page, 'favourite_pages')
      const key = keyOf(accountId, page)
      if (!favourites.has(key))
        favourites.set(key, { accountId, spaceId: page.spaceId, path: page.path, addedAt: at })
    },
    removeFavourite: (accountId, page) => {
      favourites.delete(keyOf(accountId, page))
    },
    favourites: (accountId) =>
      [...favourites.values()]
        .filter((row) => row.accountId === accountId)
        .sort(bySpaceAndPath)
        .map(({ spaceId, path, addedAt }) => ({ spaceId, path, addedAt })),
    followMove: (spaceId, from, to) => {
      if (from === to) return
      for (const rows of [visits, favourites] as Map<string, Row<PageRef>>[]) {
        for (const [key, row] of [...rows]) if (row.spaceId === spaceId && row.path === to) rows.delete(key)
        for (const [key, row] of [...rows])
          if (row.spaceId === spaceId && row.path === from) {
            rows.delete(key)
            rows.set(keyOf(row.accountId, { spaceId, path: to }), { ...row, path: to })
          }
      }
    },
  }
  return memoryPort<PersonalPageStore>(cascading(store, forgetDeletedSpaces))
}

/** The same store, each call preceded by `before`. */
function cascading(store: Sync<PersonalPageStore>, before: () => void): Sync<PersonalPageStore> {
  const wrapped = {} as Record<string, unknown>
  for (const [name, method] of Object.entries(store))
    wrapped[name] = (...args: unknown[]) => {
      before()
      return (method as (...a: unknown[]) => unknown)(...args)
    }
  return wrapped as Sync<PersonalPageStore>
}
