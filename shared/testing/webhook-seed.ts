import { drainWebhooks } from '../services/webhooks/webhook-runner.ts'
import type { TestApp } from './test-app.ts'
import { json } from './test-app.ts'
import type { WebhookReceiver } from './webhook-receiver.ts'

/**
 * The organization `acme` administered by `ada` (French-speaking), with `walt` as a plain member and
 * the space `wiki` where walt contributes. Returns the tokens.
 */
export async function seedWebhookOrg(t: TestApp): Promise<{ root: string; admin: string; member: string }> {
  const root = await t.user('root', { superadmin: true })
  const admin = await t.user('ada')
  const member = await t.user('walt')
  await t.call('PATCH', '/users/ada', { token: root, body: { locale: 'fr' } })
  await t.call('POST', '/organizations', { token: root, body: { slug: 'acme', name: 'Acme' } })
  await t.call('PUT', '/organizations/acme/members/ada', { token: root, body: { role: 'admin' } })
  await t.call('PUT', '/organizations/acme/members/walt', { token: root, body: { role: 'member' } })
  await t.call('POST', '/organizations/acme/spaces', { token: admin, body: { slug: 'wiki', name: 'Wiki' } })
  await t.call('PUT', '/organizations/acme/spaces/wiki/members/walt', {
    token: admin,
    body: { role: 'contributor' },
  })
  return { root, admin, member }
}

/** Registers the receiver as a webhook of `acme` (all events unless given) and lets it check signatures. */
export async function registerReceiver(
  t: TestApp,
  admin: string,
  receiver: WebhookReceiver,
  events?: string[],
): Promise<{ id: string; secret: string }> {
  const response = await t.call('POST', '/organizations/acme/webhooks', {
    token: admin,
    body: { url: receiver.url, ...(events ? { events } : {}) },
  })
  if (response.status !== 201)
    throw new Error(`webhook not created: ${response.status} ${await response.text()}`)
  const created = await json<{ id: string; secret: string }>(response)
  receiver.trustSecret(created.secret)
  return created
}

/** Delivers what is due, one at a time so they arrive in order, and returns what the receiver got so far. */
export async function deliver(t: TestApp, receiver: WebhookReceiver) {
  await drainWebhooks(t.deps, 1)
  return receiver.received
}
