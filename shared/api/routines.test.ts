import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { seedWorld } from '../testing/builders/seed-world.ts'
import { json, onPostgres, type TestApp, testApp } from '../testing/test-app.ts'

type Routine = {
  id: string
  name: string
  template: string
  instructions: string
  frequency: string
  weekday: number
  monthday: number
  at: string
  scope: string[]
  output_page: string
  output_inbox: boolean
  output_webhook: string
  output_email: string
  enabled: boolean
  next_run: string | null
  last_run: string | null
  webhook_secret?: string
}
let t: TestApp
let admin: string
let writer: string
let reader: string
const S = '/organizations/acme/spaces/ops'
const R = `${S}/routines`

/** An organization admin (ada), a contributor (walt) and a reader (rita) on the space `acme/ops`. */
async function seed(app: TestApp) {
  const world = await seedWorld(app.deps, {
    spaces: { ops: { members: { walt: 'contributor', rita: 'reader' } } },
  })
  admin = world.token('ada')
  writer = world.token('walt')
  reader = world.token('rita')
}

beforeEach(async () => {
  t = await testApp()
  await seed(t)
})
afterEach(() => t.close())

const create = async (body: Record<string, unknown>, token = admin) => {
  const response = await t.call('POST', R, { token, body })
  expect(response.status, await response.clone().text()).toBe(201)
  return json<Routine>(response)
}
describe('managing routines', () => {
  it('lists none at first, starts from the templates, and gives their next run in the space’s time zone', async () => {
    expect(await json(await t.call('GET', R, { token: writer }))).toEqual([])
    const coherence = await create({ template: 'coherence' })
    expect(coherence).toMatchObject({
      name: 'Coherence check',
      template: 'coherence',
      frequency: 'weekly',
      weekday: 0,
      at: '08:00',
      scope: [],
      output_page: 'reports/coherence.md',
      output_inbox: true,
      output_webhook: '',
      output_email: '',
      enabled: true,
      // Saturday 21 November 2026, 09:00 UTC: the next Monday at 08:00 (UTC until a zone is set).
      next_run: '2026-11-23T08:00:00.000Z',
      last_run: null,
      timezone: 'UTC',
    })
    await t.call('PATCH', `${S}/tidy-settings`, { token: admin, body: { timezone: 'Europe/Paris' } })
    // The space's time zone is its routines': 08:00 in Paris (UTC+1 in winter).
    const moved = await json<Routine>(await t.call('GET', `${R}/${coherence.id}`, { token: writer }))
    expect(moved.next_run).toBe('2026-11-23T07:00:00.000Z')
    // Its contributors read the zone with the routine: they cannot read the tidy-up's settings.
    expect(moved).toMatchObject({ timezone: 'Europe/Paris' })
    const digest = await create({ template: 'digest', scope: ['runbooks/'] })
    expect(digest).toMatchObject({
      name: 'Weekly digest',
      frequency: 'weekly',
      weekday: 4,
      at: '16:00',
      scope: ['runbooks'],
      output_page: 'reports/digest.md',
      output_inbox: false,
      output_email: 'members',
      // Friday 16:00 in Paris (UTC+1 in winter).
      next_run: '2026-11-27T15:00:00.000Z',
    })
    const listed = await json<Routine[]>(await t.call('GET', R, { token: writer }))
    expect(listed.map((r) => r.id)).toEqual([coherence.id, digest.id])
    expect(await json(await t.call('GET', `${R}/${digest.id}`, { token: writer }))).toEqual(digest)
    const monthly = await create({ template: 'digest', frequency: 'monthly', monthday: 28, at: '23:30' })
    expect(monthly.next_run).toBe('2026-11-28T22:30:00.000Z')
    const daily = await create({ template: 'digest', frequency: 'daily', at: '06:00' })
    expect(daily.next_run).toBe('2026-11-22T05:00:00.000Z')
  })

  it('needs a name, instructions and an output for a blank routine, and checks every field', async () => {
    const missing = await t.call('POST', R, { token: admin, body: { output_inbox: true } })
    expect(missing.status).toBe(422)
    const detail = (await json<{ detail: { loc: string[]; type: string }[] }>(missing)).detail
    expect(detail.map((d) => [d.loc.join('.'), d.type])).toEqual([
      ['body.name', 'missing'],
      ['body.instructions', 'missing'],
    ])
    const blank = { name: 'Glossary', instructions: 'List the terms used without definition.' }
    const noOutput = await t.call('POST', R, { token: admin, body: blank })
    expect(noOutput.status).toBe(400)
    expect(await json(noOutput)).toMatchObject({ error: 'invalid' })
    for (const bad of [{ monthday: 29 }, { monthday: 0 }, { weekday: 7 }, { at: '8:00' }, { at: '24:00' }])
      expect(
        (await t.call('POST', R, { token: admin, body: { ...blank, output_inbox: true, ...bad } })).status,
      ).toBe(422)
    for (const bad of [
      { template: 'horoscope' },
      { output_page: '../.service/vocation.md' },
      { output_page: 'reports/coherence.txt' },
      { scope: ['../etc'] },
    ])
      expect(
        await json(await t.call('POST', R, { token: admin, body: { ...blank, output_inbox: true, ...bad } })),
      ).toMatchObject({ error: 'invalid' })
    const made = await create({
      ...blank,
      output_page: 'reports/glossary.md',
      frequency: 'monthly',
      monthday: 1,
    })
    expect(made).toMatchObject({ template: '', output_page: 'reports/glossary.md', monthday: 1 })
    const none = await t.call('PATCH', `${R}/${made.id}`, { token: admin, body: { output_page: '' } })
    expect(none.status).toBe(400)
    const off = await json<Routine>(
      await t.call('PATCH', `${R}/${made.id}`, { token: admin, body: { enabled: false } }),
    )
    expect(off).toMatchObject({ enabled: false, next_run: null, output_page: 'reports/glossary.md' })
  })

  it('lets contributors read routines and runs, and only admins change or run them', async () => {
    const routine = await create({ template: 'coherence' })
    expect((await t.call('GET', R, { token: reader })).status).toBe(403)
    expect((await t.call('GET', `${R}/${routine.id}`, { token: reader })).status).toBe(403)
    expect((await t.call('GET', `${R}/${routine.id}/runs`, { token: reader })).status).toBe(403)
    expect((await t.call('POST', R, { token: writer, body: { template: 'digest' } })).status).toBe(403)
    expect(
      (await t.call('PATCH', `${R}/${routine.id}`, { token: writer, body: { enabled: false } })).status,
    ).toBe(403)
    expect((await t.call('POST', `${R}/${routine.id}/run`, { token: writer })).status).toBe(403)
    expect((await t.call('DELETE', `${R}/${routine.id}`, { token: writer })).status).toBe(403)
    const stranger = await t.user('sam')
    expect((await t.call('GET', R, { token: stranger })).status).toBe(404)
    expect((await t.call('GET', `${R}/nope`, { token: writer })).status).toBe(404)
    expect((await t.call('GET', `${R}/${routine.id}`, { token: writer })).status).toBe(200)
  })

  it('returns the webhook secret once, when the address is set, and keeps it sealed', async () => {
    const made = await create({ template: 'digest', output_webhook: 'http://127.0.0.1:9/hooks/routine' })
    expect(made.webhook_secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    expect(Buffer.from(made.webhook_secret?.slice(6) ?? '', 'base64')).toHaveLength(32)
    const read = await json<Routine>(await t.call('GET', `${R}/${made.id}`, { token: admin }))
    expect(read.webhook_secret).toBeUndefined()
    expect(read.output_webhook).toBe('http://127.0.0.1:9/hooks/routine')
    const renamed = await json<Routine>(
      await t.call('PATCH', `${R}/${made.id}`, { token: admin, body: { name: 'Digest' } }),
    )
    expect(renamed.webhook_secret).toBeUndefined()
    const moved = await json<Routine>(
      await t.call('PATCH', `${R}/${made.id}`, {
        token: admin,
        body: { output_webhook: 'http://127.0.0.1:9/other' },
      }),
    )
    expect(moved.webhook_secret).toMatch(/^whsec_/)
    expect(moved.webhook_secret).not.toBe(made.webhook_secret)
    if (!onPostgres) {
      const stored = t.sqlite.prepare('select webhook_secret from routines').get() as {
        webhook_secret: string
      }
      expect(stored.webhook_secret).not.toContain(moved.webhook_secret?.slice(6, 20))
    }
  })

  it('refuses a webhook address on a private, loopback or metadata address (as for Git remotes)', async () => {
    await t.close()
    t = await testApp({}, { allowPrivateNetwork: false })
    await seed(t)
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://10.0.0.5/hook',
      'http://[::1]/hook',
      'ftp://example.com/hook',
    ]) {
      const response = await t.call('POST', R, {
        token: admin,
        body: { template: 'digest', output_webhook: url },
      })
      expect(response.status, url).toBe(400)
      expect(await json(response)).toMatchObject({ error: 'invalid' })
    }
    expect(await json(await t.call('GET', R, { token: admin }))).toEqual([])
  })
})
