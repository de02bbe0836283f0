import { type Row, row } from './row.ts'

const ACME = '/organizations/acme'

/** Organizations, their members, their outgoing webhooks and their AI and embeddings settings. */
export const ORGANIZATION_ROWS: Row<unknown>[] = [
  row({
    route: 'GET /organizations',
    action: 'org.read',
    lists: 'organizations',
    request: () => ({ path: '/organizations' }),
  }),
  row({
    route: 'POST /organizations',
    action: 'org.create',
    request: (probe) => ({ path: '/organizations', body: { slug: `probe-${probe.fresh()}`, name: 'Probe' } }),
  }),
  row({ route: 'GET /organizations/{org}', action: 'org.read', request: () => ({ path: ACME }) }),
  row({
    route: 'PATCH /organizations/{org}',
    action: 'org.update',
    request: () => ({ path: ACME, body: { name: 'Acme' } }),
  }),
  // An organization without spaces, made for each deletion. One the caller cannot see is not found
  // (`org.read`) before `org.delete` refuses it, so that a refusal does not tell that it exists.
  row({
    route: 'DELETE /organizations/{org}',
    action: 'org.read',
    also: { action: 'org.delete', target: { org: 'acme' } },
    setUp: async (probe) => {
      const slug = `doomed-${probe.fresh()}`
      await probe.admin('POST', '/organizations', { slug, name: 'Doomed' })
      return slug
    },
    request: (_, slug) => ({ path: `/organizations/${slug}` }),
  }),
  row({
    route: 'GET /organizations/{org}/members',
    action: 'org.read',
    request: () => ({ path: `${ACME}/members` }),
  }),
  row({
    route: 'PUT /organizations/{org}/members/{username}',
    action: 'org.members.manage',
    request: () => ({ path: `${ACME}/members/extra`, body: { role: 'member' } }),
  }),
  row({
    route: 'DELETE /organizations/{org}/members/{username}',
    action: 'org.members.manage',
    setUp: async (probe) => {
      await probe.admin('PUT', `${ACME}/members/leaver`, { role: 'member' })
    },
    request: () => ({ path: `${ACME}/members/leaver` }),
  }),
  // Webhooks are organization administration: the same action as renaming the organization.
  row({
    route: 'GET /organizations/{org}/webhooks',
    action: 'org.update',
    request: () => ({ path: `${ACME}/webhooks` }),
  }),
  row({
    route: 'POST /organizations/{org}/webhooks',
    action: 'org.update',
    request: () => ({ path: `${ACME}/webhooks`, body: { url: 'http://127.0.0.1:9/hook' } }),
  }),
  row({
    route: 'DELETE /organizations/{org}/webhooks/{id}',
    action: 'org.update',
    setUp: async (probe) =>
      (await probe.admin<{ id: string }>('POST', `${ACME}/webhooks`, { url: 'http://127.0.0.1:9/hook' })).id,
    request: (_, id) => ({ path: `${ACME}/webhooks/${id}` }),
  }),
  row({
    route: 'POST /organizations/{org}/webhooks/{id}/test',
    action: 'org.update',
    request: (probe) => ({ path: `${ACME}/webhooks/${probe.seeded.webhook}/test` }),
  }),
  row({
    route: 'POST /organizations/{org}/webhooks/{id}/reactivate',
    action: 'org.update',
    request: (probe) => ({ path: `${ACME}/webhooks/${probe.seeded.webhook}/reactivate` }),
  }),
  row({
    route: 'GET /organizations/{org}/webhooks/{id}/deliveries',
    action: 'org.update',
    request: (probe) => ({ path: `${ACME}/webhooks/${probe.seeded.webhook}/deliveries` }),
  }),
  // Reading the AI settings is administration too: restricted tokens never see them.
  row({
    route: 'GET /organizations/{org}/ai',
    action: 'org.update',
    request: () => ({ path: `${ACME}/ai` }),
  }),
  // Tried before the settings are set, so an allowed test reaches no provider.
  row({
    route: 'POST /organizations/{org}/ai/test',
    action: 'org.update',
    allowedAs: 'ai_not_configured',
    request: () => ({ path: `${ACME}/ai/test`, body: { message: 'Hello' } }),
  }),
  row({
    route: 'PUT /organizations/{org}/ai',
    action: 'org.update',
    request: () => ({ path: `${ACME}/ai`, body: { provider: 'openai', model: 'gpt-probe' } }),
  }),
  row({
    route: 'GET /organizations/{org}/embeddings',
    action: 'org.update',
    request: () => ({ path: `${ACME}/embeddings` }),
  }),
  row({
    route: 'PUT /organizations/{org}/embeddings',
    action: 'org.update',
    request: () => ({
      path: `${ACME}/embeddings`,
      body: { provider: 'openai', model: 'text-embedding-3-small' },
    }),
  }),
]
