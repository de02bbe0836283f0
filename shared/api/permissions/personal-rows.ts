import { type Row, row } from './row.ts'
import { GUIDE } from './seed.ts'

/** The wiki, where the page each row names is. */
const WIKI_SPACE = { org: 'acme', space: 'wiki' }

/** What each person keeps for themselves: recently viewed and favourite pages. */
export const PERSONAL_ROWS: Row<unknown>[] = [
  // The lists show only pages of spaces the caller reads now, so any caller may ask for them.
  row({ route: 'GET /me/recent', action: 'account.read', request: () => ({ path: '/me/recent' }) }),
  row({
    route: 'POST /me/recent',
    action: 'space.read',
    target: WIKI_SPACE,
    request: () => ({ path: '/me/recent', body: { ...WIKI_SPACE, path: GUIDE } }),
  }),
  row({ route: 'GET /me/favourites', action: 'account.read', request: () => ({ path: '/me/favourites' }) }),
  row({
    route: 'PUT /me/favourites/{org}/{space}/{path}',
    action: 'space.read',
    target: WIKI_SPACE,
    request: () => ({ path: `/me/favourites/acme/wiki/${GUIDE}` }),
  }),
  row({
    route: 'DELETE /me/favourites/{org}/{space}/{path}',
    action: 'space.read',
    target: WIKI_SPACE,
    request: () => ({ path: `/me/favourites/acme/wiki/${GUIDE}` }),
  }),
]
