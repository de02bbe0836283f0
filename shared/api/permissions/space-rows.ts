import { type Probe, type Row, row, WIKI } from './row.ts'
import { SPACES } from './world.ts'

/** The sha a replacement of the wiki's vocation or tidy rules has to name, read anew after each one. */
const currentSha = (kind: 'vocation' | 'tidy-rules') => async (probe: Probe) =>
  (await probe.admin<{ sha: string }>('GET', `${WIKI}/${kind}`)).sha

/** Spaces, their members, their vocation and tidy rules, their Git remote and its incoming hook. */
export const SPACE_ROWS: Row<unknown>[] = [
  row({
    route: 'GET /organizations/{org}/spaces',
    action: 'org.read',
    lists: 'spaces',
    request: () => ({ path: '/organizations/acme/spaces' }),
  }),
  row({
    route: 'POST /organizations/{org}/spaces',
    action: 'space.create',
    request: (probe) => ({
      path: '/organizations/acme/spaces',
      body: { slug: `probe-${probe.fresh()}`, name: 'Probe' },
    }),
  }),
  row({
    route: 'GET /organizations/{org}/spaces/{space}',
    action: 'space.read',
    request: () => ({ path: WIKI }),
  }),
  row({
    route: 'PATCH /organizations/{org}/spaces/{space}',
    action: 'space.admin',
    request: () => ({ path: WIKI, body: { name: 'wiki' } }),
  }),
  // A space with the wiki's members, made for each deletion.
  row({
    route: 'DELETE /organizations/{org}/spaces/{space}',
    action: 'space.admin',
    setUp: async (probe) => {
      const slug = `doomed-${probe.fresh()}`
      const members = SPACES['acme/wiki'] ?? {}
      await probe.admin('POST', '/organizations/acme/spaces', { slug, name: 'Doomed' })
      for (const [who, role] of Object.entries(members))
        await probe.admin('PUT', `/organizations/acme/spaces/${slug}/members/${who}`, { role })
      probe.world.addSpace(`acme/${slug}`, members)
      return slug
    },
    request: (_, slug) => ({ path: `/organizations/acme/spaces/${slug}` }),
  }),
  row({
    route: 'GET /organizations/{org}/spaces/{space}/members',
    action: 'space.read',
    request: () => ({ path: `${WIKI}/members` }),
  }),
  row({
    route: 'PUT /organizations/{org}/spaces/{space}/members/{username}',
    action: 'space.admin',
    request: () => ({ path: `${WIKI}/members/extra`, body: { role: 'reader' } }),
  }),
  row({
    route: 'DELETE /organizations/{org}/spaces/{space}/members/{username}',
    action: 'space.admin',
    setUp: async (probe) => {
      await probe.admin('PUT', `${WIKI}/members/leaver`, { role: 'reader' })
    },
    request: () => ({ path: `${WIKI}/members/leaver` }),
  }),
  row({
    route: 'GET /organizations/{org}/spaces/{space}/vocation',
    action: 'space.read',
    request: () => ({ path: `${WIKI}/vocation` }),
  }),
  row({
    route: 'PUT /organizations/{org}/spaces/{space}/vocation',
    action: 'space.admin',
    setUp: currentSha('vocation'),
    request: (probe, sha) => ({
      path: `${WIKI}/vocation`,
      body: { text: `How the team works (${probe.fresh()}).`, base_sha: sha },
    }),
  }),
  // The tidy rules steer the AI: only those who administer the space read them.
  row({
    route: 'GET /organizations/{org}/spaces/{space}/tidy-rules',
    action: 'space.admin.read',
    request: () => ({ path: `${WIKI}/tidy-rules` }),
  }),
  row({
    route: 'PUT /organizations/{org}/spaces/{space}/tidy-rules',
    action: 'space.admin',
    setUp: currentSha('tidy-rules'),
    request: (probe, sha) => ({
      path: `${WIKI}/tidy-rules`,
      body: { text: `File notes by team (${probe.fresh()}).`, base_sha: sha },
    }),
  }),
  row({
    route: 'GET /organizations/{org}/spaces/{space}/semantic',
    action: 'space.admin.read',
    request: () => ({ path: `${WIKI}/semantic` }),
  }),
  // Switching it off embeds nothing, so no model is loaded.
  row({
    route: 'PUT /organizations/{org}/spaces/{space}/semantic',
    action: 'space.admin',
    request: () => ({ path: `${WIKI}/semantic`, body: { enabled: false } }),
  }),
  row({
    route: 'GET /organizations/{org}/spaces/{space}/git',
    action: 'space.read',
    request: () => ({ path: `${WIKI}/git` }),
  }),
  row({
    route: 'PUT /organizations/{org}/spaces/{space}/git/credentials',
    action: 'space.admin',
    request: () => ({ path: `${WIKI}/git/credentials`, body: { kind: 'https', token: 'probe-token' } }),
  }),
  row({
    route: 'DELETE /organizations/{org}/spaces/{space}/git/credentials',
    action: 'space.admin',
    request: () => ({ path: `${WIKI}/git/credentials` }),
  }),
  // The wiki has no remote: an allowed caller is told so, after the check.
  row({
    route: 'POST /organizations/{org}/spaces/{space}/git/sync',
    action: 'space.write',
    allowedAs: 'no_remote',
    request: () => ({ path: `${WIKI}/git/sync` }),
  }),
  row({
    route: 'POST /organizations/{org}/spaces/{space}/git/webhook-secret',
    action: 'space.admin',
    request: () => ({ path: `${WIKI}/git/webhook-secret` }),
  }),
  row({
    route: 'GET /organizations/{org}/spaces/{space}/git/conflicts',
    action: 'space.admin.read',
    request: () => ({ path: `${WIKI}/git/conflicts` }),
  }),
  row({
    route: 'POST /organizations/{org}/spaces/{space}/git/conflicts/resolve',
    action: 'space.admin',
    request: () => ({ path: `${WIKI}/git/conflicts/resolve`, body: { choices: {} } }),
  }),
  // The Git host proves itself with the space's webhook secret; the caller's credential plays no part.
  row({
    route: 'POST /hooks/git/{org}/{space}',
    action: 'public',
    request: (probe) => ({
      path: '/hooks/git/acme/hooked',
      body: { ref: 'refs/heads/main' },
      headers: { 'x-forgec-token': probe.seeded.hookSecret },
    }),
  }),
]
