import { drainWebhooks } from '../services/webhooks/webhook-runner.ts'
import { seedWorld } from './builders/seed-world.ts'
import type { TestApp } from './test-app.ts'
import { json } from './test-app.ts'
import type { WebhookReceiver } from './webhook-receiver.ts'

/**
 * The organization `acme` administered by `ada` (French-speaking), with `walt` as a plain member and
 * the space `wiki` where walt contributes. Returns the tokens.
 */
export async function seedWebhookOrg(t: TestApp): Promise<{ root: string; admin: string; member: string }> {
  const world = await seedWorld(t.deps, {
    members: ['walt'],
    locales: { ada: 'fr' },
    spaces: { wiki: { members: { walt: 'contributor' } } },
  })
  return { root: world.token('root'), admin: world.token('ada'), member: world.token('walt') }
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
