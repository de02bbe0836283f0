import { type Probe, type Row, row, WIKI } from './row.ts'
import { GUIDE } from './seed.ts'

/** Writes a new page in the wiki as the super admin, for a call that uses one up; returns its path. */
export async function newPage(probe: Probe): Promise<string> {
  const path = `probe-${probe.fresh()}.md`
  await probe.admin('PUT', `${WIKI}/files/${path}`, { content: '# Probe\n\nA page to use up.\n' })
  return path
}

/** The files of a space, their history, their verification and the space's health. */
export const CONTENT_ROWS: Row<unknown>[] = [
  row({
    route: 'GET /organizations/{org}/spaces/{space}/tree',
    action: 'space.read',
    request: () => ({ path: `${WIKI}/tree` }),
  }),
  row({
    route: 'GET /organizations/{org}/spaces/{space}/files/{path}',
    action: 'space.read',
    request: () => ({ path: `${WIKI}/files/${GUIDE}` }),
  }),
  row({
    route: 'PUT /organizations/{org}/spaces/{space}/files/{path}',
    action: 'space.write',
    request: (probe) => ({
      path: `${WIKI}/files/probe-${probe.fresh()}.md`,
      body: { content: '# Probe\n\nA new page.\n' },
    }),
  }),
  row({
    route: 'DELETE /organizations/{org}/spaces/{space}/files/{path}',
    action: 'space.write',
    setUp: newPage,
    request: (_, path) => ({ path: `${WIKI}/files/${path}` }),
  }),
  row({
    route: 'GET /organizations/{org}/spaces/{space}/files/{path}/related',
    action: 'space.read',
    request: () => ({ path: `${WIKI}/files/${GUIDE}/related` }),
  }),
  row({
    route: 'GET /organizations/{org}/spaces/{space}/raw/{path}',
    action: 'space.read',
    request: () => ({ path: `${WIKI}/raw/${GUIDE}` }),
  }),
  // A dry run checks the same rights as a move, and leaves the page where it is for the next caller.
  row({
    route: 'POST /organizations/{org}/spaces/{space}/move',
    action: 'space.write',
    request: () => ({ path: `${WIKI}/move`, body: { from: GUIDE, to: 'moved-guide.md', dry_run: true } }),
  }),
  row({
    route: 'GET /organizations/{org}/spaces/{space}/history/{path}',
    action: 'space.read',
    request: () => ({ path: `${WIKI}/history/${GUIDE}` }),
  }),
  row({
    route: 'POST /organizations/{org}/spaces/{space}/verify/{path}',
    action: 'space.write',
    request: () => ({ path: `${WIKI}/verify/${GUIDE}`, body: { verify: true } }),
  }),
  row({
    route: 'GET /organizations/{org}/spaces/{space}/health',
    action: 'space.read',
    request: () => ({ path: `${WIKI}/health` }),
  }),
]
