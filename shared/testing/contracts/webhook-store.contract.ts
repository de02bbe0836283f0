import { describe, expect, it } from 'vitest'
import { ATTEMPTS_KEPT } from '../../adapters/database/webhook-rows.ts'
import type { WebhookAttempt } from '../../ports/webhooks.ts'
import { freshStore, type MakeStore, seedOrganization } from './store-fixture.ts'

const attempt = (ok: boolean, at: number, extra: Partial<WebhookAttempt> = {}) => ({
  ok,
  messageId: `msg_${at}`,
  event: 'page.created',
  attempt: 1,
  at,
  statusCode: ok ? 200 : 500,
  durationMs: 12,
  error: ok ? null : 'HTTP 500',
  ...extra,
})

/** The contract of the WebhookStore port: an organization's webhooks, their failures and attempts. */
export function describeWebhookStoreContract(name: string, makeStore: MakeStore): void {
  describe(`${name}: outgoing webhooks`, () => {
    const store = freshStore(makeStore)
    const hooksOf = async (slug: string) =>
      store().forOrg((await seedOrganization(store(), slug)).id).webhooks
    const create = (hooks: Awaited<ReturnType<typeof hooksOf>>, id: string, events: string[] | null = null) =>
      hooks.create({ id, url: `https://example.com/${id}`, events, secretSealed: 'sealed', createdAt: 1 })

    it('keeps a webhook as given, active with no failures, within its organization only', async () => {
      const acme = await hooksOf('acme')
      const other = await hooksOf('other')
      const made = await create(acme, 'wh1', ['page.created', 'ping'])
      expect(made).toEqual({
        id: 'wh1',
        orgId: made.orgId,
        url: 'https://example.com/wh1',
        events: ['page.created', 'ping'],
        secretSealed: 'sealed',
        active: true,
        failures: 0,
        lastDeliveryAt: null,
        lastStatus: null,
        createdAt: 1,
      })
      expect(await acme.get('wh1')).toEqual(made)
      expect((await create(acme, 'wh2')).events).toBeNull()
      expect((await acme.list()).map((w) => w.id)).toEqual(['wh1', 'wh2'])
      expect(await other.list()).toEqual([])
      expect(await other.get('wh1')).toBeUndefined()
      expect(await other.delete('wh1')).toBe(false)
      expect(await other.reactivate('wh1')).toBe(false)
      expect(await other.attempts('wh1', 10)).toEqual([])
      expect(await acme.delete('wh1')).toBe(true)
      expect(await acme.get('wh1')).toBeUndefined()
    })

    it('offers a sealed secret for the key check at start, once one is kept', async () => {
      expect(await store().sealedSample()).toBeUndefined()
      const hooks = await hooksOf('acme')
      await hooks.create({
        id: 'wh',
        url: 'https://example.com/wh',
        events: null,
        secretSealed: 'v1.a.b.c',
        createdAt: 1,
      })
      expect(await store().sealedSample()).toBe('v1.a.b.c')
    })

    it('counts consecutive failures, resets them on success, and switches off at the threshold once', async () => {
      const hooks = await hooksOf('acme')
      await create(hooks, 'wh')
      expect((await hooks.recordAttempt('wh', attempt(false, 10), 3))?.webhook.failures).toBe(1)
      const ok = await hooks.recordAttempt('wh', attempt(true, 20), 3)
      expect(ok?.webhook).toMatchObject({ failures: 0, lastDeliveryAt: 20, lastStatus: 200, active: true })
      await hooks.recordAttempt('wh', attempt(false, 30), 3)
      await hooks.recordAttempt('wh', attempt(false, 40), 3)
      const third = await hooks.recordAttempt('wh', attempt(false, 50, { statusCode: null }), 3)
      expect(third).toMatchObject({
        switchedOff: true,
        webhook: { active: false, failures: 3, lastStatus: null },
      })
      expect((await hooks.recordAttempt('wh', attempt(false, 60), 3))?.switchedOff).toBe(false)
      expect(await hooks.get('wh')).toMatchObject({ active: false, failures: 4, lastDeliveryAt: 60 })
      expect(await hooks.reactivate('wh')).toBe(true)
      expect(await hooks.get('wh')).toMatchObject({ active: true, failures: 0 })
      expect(await hooks.recordAttempt('gone', attempt(true, 70), 3)).toBeUndefined()
    })

    it('lists the attempts newest first, as many as asked, and forgets them with the webhook', async () => {
      const hooks = await hooksOf('acme')
      await create(hooks, 'wh')
      for (const at of [1, 2, 3]) await hooks.recordAttempt('wh', attempt(at !== 2, at, { attempt: at }), 15)
      const listed = await hooks.attempts('wh', 2)
      expect(listed).toEqual([
        {
          messageId: 'msg_3',
          event: 'page.created',
          attempt: 3,
          at: 3,
          statusCode: 200,
          durationMs: 12,
          error: null,
        },
        {
          messageId: 'msg_2',
          event: 'page.created',
          attempt: 2,
          at: 2,
          statusCode: 500,
          durationMs: 12,
          error: 'HTTP 500',
        },
      ])
      await hooks.delete('wh')
      await create(hooks, 'wh')
      expect(await hooks.attempts('wh', 10)).toEqual([])
    })

    it('forgets the oldest attempts past the ones it keeps', async () => {
      const hooks = await hooksOf('acme')
      await create(hooks, 'wh')
      for (let at = 1; at <= ATTEMPTS_KEPT + 3; at++) await hooks.recordAttempt('wh', attempt(true, at), 15)
      const kept = await hooks.attempts('wh', ATTEMPTS_KEPT + 10)
      expect(kept).toHaveLength(ATTEMPTS_KEPT)
      expect(kept.at(-1)?.at).toBe(4)
      expect(kept[0]?.at).toBe(ATTEMPTS_KEPT + 3)
    })
  })
}
