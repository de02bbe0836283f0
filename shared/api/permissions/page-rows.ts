import { type Probe, type Row, row, WIKI } from './row.ts'
import { GUIDE } from './seed.ts'

/** Writes and deletes a page as the super admin, so the trash holds it; returns its path. */
async function trashedPage(probe: Probe): Promise<string> {
  const path = `trashed-${probe.fresh()}.md`
  await probe.admin('PUT', `${WIKI}/files/${path}`, { content: '# Trashed\n\nA page to restore.\n' })
  await probe.admin('DELETE', `${WIKI}/files/${path}`)
  return path
}

/** Finding and getting back pages: the switcher's list, backlinks, the trash and page templates. */
export const PAGE_ROWS: Row<unknown>[] = [
  // The list holds only pages of spaces the caller reads now, so any caller may ask for it.
  row({ route: 'GET /pages', action: 'account.read', request: () => ({ path: '/pages?q=guide' }) }),
  row({
    route: 'GET /organizations/{org}/spaces/{space}/backlinks/{path}',
    action: 'space.read',
    request: () => ({ path: `${WIKI}/backlinks/${GUIDE}` }),
  }),
  row({
    route: 'GET /organizations/{org}/spaces/{space}/trash',
    action: 'space.read',
    request: () => ({ path: `${WIKI}/trash` }),
  }),
  row({
    route: 'POST /organizations/{org}/spaces/{space}/trash/restore',
    action: 'space.write',
    setUp: trashedPage,
    request: (_, path) => ({ path: `${WIKI}/trash/restore`, body: { path } }),
  }),
  row({
    route: 'GET /organizations/{org}/spaces/{space}/templates',
    action: 'space.read',
    request: () => ({ path: `${WIKI}/templates` }),
  }),
]
