import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { WEBHOOK_EVENTS } from '../domain/webhook-events.ts'
import { json, type TestApp, testApp } from '../testing/test-app.ts'
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver.ts'
import { deliver, registerReceiver, seedWebhookOrg } from '../testing/webhook-seed.ts'

let t: TestApp
let receiver: WebhookReceiver
let tokens: Awaited<ReturnType<typeof seedWebhookOrg>>
beforeEach(async () => {
  t = await testApp()
  receiver = await startWebhookReceiver()
  tokens = await seedWebhookOrg(t)
})
afterEach(async () => {
  await receiver.close()
  await t.close()
})

describe('registering outgoing webhooks', () => {
  it('returns a Standard Webhooks secret once, lists the webhook without it, and deletes it', async () => {
    const created = await t.call('POST', '/organizations/acme/webhooks', {
      token: tokens.admin,
      body: { url: receiver.url, events: ['page.created', 'ping'] },
    })
    expect(created.status).toBe(201)
    const body = await json<Record<string, unknown>>(created)
    expect(body).toEqual({
      id: expect.any(String),
      url: receiver.url,
      events: ['page.created', 'ping'],
      active: true,
      last_delivery_at: null,
      last_status: null,
      failures: 0,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    })
    expect(Buffer.from(String(body.secret).slice(6), 'base64')).toHaveLength(32)
    const listed = await json<Record<string, unknown>[]>(
      await t.call('GET', '/organizations/acme/webhooks', { token: tokens.admin }),
    )
    const { secret: _shownOnce, ...shown } = body
    expect(listed).toEqual([shown])
    // Kept sealed: the secret is nowhere in the database file.
    if (!process.env.QUIRE_TEST_DATABASE) {
      const row = t.sqlite.prepare('select secret_sealed from webhooks').get() as { secret_sealed: string }
      expect(row.secret_sealed).not.toContain(String(body.secret).slice(6, 30))
    }
    const removed = await t.call('DELETE', `/organizations/acme/webhooks/${body.id}`, { token: tokens.admin })
    expect(removed.status).toBe(204)
    expect(await json(await t.call('GET', '/organizations/acme/webhooks', { token: tokens.admin }))).toEqual(
      [],
    )
    expect(
      (await t.call('DELETE', `/organizations/acme/webhooks/${body.id}`, { token: tokens.admin })).status,
    ).toBe(404)
  })

  it('subscribes to every event when none is named, and refuses unknown event names or an empty list with 422', async () => {
    const all = await json<{ events: string[] }>(
      await t.call('POST', '/organizations/acme/webhooks', {
        token: tokens.admin,
        body: { url: receiver.url },
      }),
    )
    expect(all.events).toEqual([...WEBHOOK_EVENTS])
    const unknown = await t.call('POST', '/organizations/acme/webhooks', {
      token: tokens.admin,
      body: { url: receiver.url, events: ['page.created', 'page.renamed'] },
    })
    expect(unknown.status).toBe(422)
    expect(await json(unknown)).toMatchObject({
      detail: [expect.objectContaining({ loc: expect.any(Array) })],
    })
    // No event at all: such a webhook would never be called.
    const none = await t.call('POST', '/organizations/acme/webhooks', {
      token: tokens.admin,
      body: { url: receiver.url, events: [] },
    })
    expect(none.status).toBe(422)
    expect(await json(none)).toMatchObject({ detail: [expect.objectContaining({ loc: ['body', 'events'] })] })
    const notHttp = await t.call('POST', '/organizations/acme/webhooks', {
      token: tokens.admin,
      body: { url: 'ftp://example.com/hook' },
    })
    expect(notHttp.status).toBe(400)
    expect(await json(notHttp)).toMatchObject({ error: 'invalid' })
  })

  it('refuses a URL holding a user or password, as a routine’s output webhook is, and lists nothing', async () => {
    const withCredentials = receiver.url.replace('http://', 'http://deploy:hunter2-long-password@')
    for (const url of [withCredentials, receiver.url.replace('http://', 'http://only-a-user@')]) {
      const refused = await t.call('POST', '/organizations/acme/webhooks', {
        token: tokens.admin,
        body: { url },
        headers: { 'accept-language': 'fr' },
      })
      expect(refused.status).toBe(400)
      const body = await json<{ error: string; message: string }>(refused)
      expect(body).toMatchObject({ error: 'invalid', message: expect.stringContaining('mot de passe') })
    }
    const listed = await t.call('GET', '/organizations/acme/webhooks', { token: tokens.admin })
    expect(await json(listed)).toEqual([])
  })

  it('is for organization admins only: members are refused, outsiders see nothing', async () => {
    const outsider = await t.user('olga')
    const asMember = await t.call('GET', '/organizations/acme/webhooks', { token: tokens.member })
    expect(asMember.status).toBe(403)
    const create = await t.call('POST', '/organizations/acme/webhooks', {
      token: tokens.member,
      body: { url: receiver.url },
    })
    expect(create.status).toBe(403)
    expect((await t.call('GET', '/organizations/acme/webhooks', { token: outsider })).status).toBe(404)
    const { id } = await registerReceiver(t, tokens.admin, receiver)
    for (const [method, path] of [
      ['DELETE', `/organizations/acme/webhooks/${id}`],
      ['POST', `/organizations/acme/webhooks/${id}/test`],
      ['POST', `/organizations/acme/webhooks/${id}/reactivate`],
      ['GET', `/organizations/acme/webhooks/${id}/deliveries`],
    ] as const) {
      expect((await t.call(method, path, { token: tokens.member })).status).toBe(403)
      expect((await t.call(method, path, { token: outsider })).status).toBe(404)
    }
    expect(
      (await t.call('POST', '/organizations/acme/webhooks/wh_nope/test', { token: tokens.admin })).status,
    ).toBe(404)
  })
})

describe('a test call', () => {
  it('delivers a ping signed per Standard Webhooks, and the attempt shows in the deliveries', async () => {
    const { id } = await registerReceiver(t, tokens.admin, receiver, ['page.created'])
    const queued = await t.call('POST', `/organizations/acme/webhooks/${id}/test`, { token: tokens.admin })
    expect(queued.status).toBe(202)
    const [ping] = await deliver(t, receiver)
    expect(ping).toMatchObject({
      type: 'ping',
      verified: true,
      data: { organization: 'acme', channel: 'api', actor: { username: 'ada' } },
    })
    expect(ping?.headers['webhook-id']).toMatch(/^msg_/)
    expect(new Date(ping?.timestamp ?? '').getTime()).toBe(t.clock.now())
    const [attempt] = await json<Record<string, unknown>[]>(
      await t.call('GET', `/organizations/acme/webhooks/${id}/deliveries`, { token: tokens.admin }),
    )
    expect(attempt).toEqual({
      id: ping?.headers['webhook-id'],
      event: 'ping',
      attempt: 1,
      at: new Date(t.clock.now()).toISOString(),
      status_code: 200,
      duration_ms: expect.any(Number),
      error: null,
    })
    const [listed] = await json<Record<string, unknown>[]>(
      await t.call('GET', '/organizations/acme/webhooks', { token: tokens.admin }),
    )
    expect(listed).toMatchObject({ last_status: 200, last_delivery_at: attempt?.at, failures: 0 })
  })
})
