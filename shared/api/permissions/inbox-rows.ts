import { newPage } from './content-rows.ts'
import { type Probe, type Row, row, WIKI } from './row.ts'

const INBOX = `${WIKI}/inbox`

/** Drops a note in the wiki's inbox as the super admin, for a call that uses one up; returns its name. */
async function newNote(probe: Probe): Promise<string> {
  const note = await probe.admin<{ name: string }>('POST', INBOX, {
    title: `Probe ${probe.fresh()}`,
    content: 'A note to use up.',
  })
  return note.name
}

/** The name of the inbox item that asks to look at a new page. */
async function newChange(probe: Probe): Promise<string> {
  const path = await newPage(probe)
  const changes = await probe.admin<{ name: string; path?: string }[]>(
    'GET',
    `${INBOX}?kind=change&limit=500`,
  )
  const change = changes.find((item) => item.path?.endsWith(path))
  if (!change) throw new Error(`no change item for ${path}`)
  return change.name
}

/** A space's inbox, its tidy-up, and its agent routines. */
export const INBOX_ROWS: Row<unknown>[] = [
  row({
    route: 'GET /organizations/{org}/spaces/{space}/inbox',
    action: 'space.read',
    request: () => ({ path: INBOX }),
  }),
  row({
    route: 'POST /organizations/{org}/spaces/{space}/inbox',
    action: 'space.write',
    request: (probe) => ({
      path: INBOX,
      body: { title: `Dropped ${probe.fresh()}`, content: 'A new note.' },
    }),
  }),
  row({
    route: 'GET /organizations/{org}/spaces/{space}/inbox/{name}',
    action: 'space.read',
    request: (probe) => ({ path: `${INBOX}/${probe.seeded.note}` }),
  }),
  row({
    route: 'PATCH /organizations/{org}/spaces/{space}/inbox/{name}',
    action: 'space.write',
    request: (probe) => ({ path: `${INBOX}/${probe.seeded.note}`, body: { hint: `Team ${probe.fresh()}` } }),
  }),
  row({
    route: 'DELETE /organizations/{org}/spaces/{space}/inbox/{name}',
    action: 'space.write',
    setUp: newNote,
    request: (_, name) => ({ path: `${INBOX}/${name}` }),
  }),
  // A move writes in both spaces: the board, where the contributor only reads, is the destination.
  row({
    route: 'POST /organizations/{org}/spaces/{space}/inbox/{name}/move',
    action: 'space.write',
    also: { action: 'space.write', target: { org: 'acme', space: 'board' } },
    setUp: newNote,
    request: (_, name) => ({ path: `${INBOX}/${name}/move`, body: { space: 'acme/board' } }),
  }),
  row({
    route: 'POST /organizations/{org}/spaces/{space}/inbox/{name}/seen',
    action: 'space.write',
    setUp: newChange,
    request: (_, name) => ({ path: `${INBOX}/${name}/seen` }),
  }),
  row({
    route: 'GET /organizations/{org}/spaces/{space}/inbox/{name}/files/{filename}',
    action: 'space.read',
    request: (probe) => ({ path: `${INBOX}/${probe.seeded.note}/files/${probe.seeded.attachment}` }),
  }),
  row({
    route: 'GET /organizations/{org}/spaces/{space}/tidy-settings',
    action: 'space.admin.read',
    request: () => ({ path: `${WIKI}/tidy-settings` }),
  }),
  row({
    route: 'PATCH /organizations/{org}/spaces/{space}/tidy-settings',
    action: 'space.admin',
    request: () => ({ path: `${WIKI}/tidy-settings`, body: { time: '03:00' } }),
  }),
  // Queued only: no run is carried out during the test.
  row({
    route: 'POST /organizations/{org}/spaces/{space}/tidy',
    action: 'space.write',
    request: () => ({ path: `${WIKI}/tidy` }),
  }),
  row({
    route: 'GET /organizations/{org}/spaces/{space}/tidy/runs',
    action: 'space.read',
    request: () => ({ path: `${WIKI}/tidy/runs` }),
  }),
  // The seeded run was never carried out: an allowed caller learns it has nothing to revert.
  row({
    route: 'POST /organizations/{org}/spaces/{space}/tidy/runs/{id}/revert',
    action: 'space.admin',
    allowedAs: 'run_not_revertible',
    request: (probe) => ({ path: `${WIKI}/tidy/runs/${probe.seeded.tidyRun}/revert` }),
  }),
  // Reading routines asks for a contributor, a rule of the service that the policy's table does not hold.
  row({
    route: 'GET /organizations/{org}/spaces/{space}/routines',
    action: 'space.read',
    needs: 'contributor',
    request: () => ({ path: `${WIKI}/routines` }),
  }),
  row({
    route: 'POST /organizations/{org}/spaces/{space}/routines',
    action: 'space.admin',
    request: () => ({ path: `${WIKI}/routines`, body: { template: 'digest' } }),
  }),
  row({
    route: 'GET /organizations/{org}/spaces/{space}/routines/{id}',
    action: 'space.read',
    needs: 'contributor',
    request: (probe) => ({ path: `${WIKI}/routines/${probe.seeded.routine}` }),
  }),
  row({
    route: 'PATCH /organizations/{org}/spaces/{space}/routines/{id}',
    action: 'space.admin',
    request: (probe) => ({ path: `${WIKI}/routines/${probe.seeded.routine}`, body: { at: '08:00' } }),
  }),
  row({
    route: 'DELETE /organizations/{org}/spaces/{space}/routines/{id}',
    action: 'space.admin',
    setUp: async (probe) =>
      (await probe.admin<{ id: string }>('POST', `${WIKI}/routines`, { template: 'digest' })).id,
    request: (_, id) => ({ path: `${WIKI}/routines/${id}` }),
  }),
  // Queued only: no run is carried out during the test.
  row({
    route: 'POST /organizations/{org}/spaces/{space}/routines/{id}/run',
    action: 'space.admin',
    request: (probe) => ({ path: `${WIKI}/routines/${probe.seeded.routine}/run` }),
  }),
  row({
    route: 'GET /organizations/{org}/spaces/{space}/routines/{id}/runs',
    action: 'space.read',
    needs: 'contributor',
    request: (probe) => ({ path: `${WIKI}/routines/${probe.seeded.routine}/runs` }),
  }),
]
