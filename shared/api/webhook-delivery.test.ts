import { createServer } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { drainJobs } from '../services/jobs/job-worker.ts'
import { drainWebhooks, startWebhookRunner } from '../services/webhooks/webhook-runner.ts'
import { startSmtpServer, type TestSmtpServer } from '../testing/smtp-server.ts'
import { json, type TestApp, type TestHostOptions, testApp } from '../testing/test-app.ts'
import { startWebhookReceiver } from '../testing/webhook-receiver.ts'
import { deliver, registerReceiver, seedWebhookOrg } from '../testing/webhook-seed.ts'

const WIKI = '/organizations/acme/spaces/wiki'
const HOOKS = '/organizations/acme/webhooks'
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined }

type Attempt = {
  id: string
  event: string
  attempt: number
  status_code: number | null
  error: string | null
}
type Hook = { id: string; active: boolean; failures: number; last_status: number | null }

let t: TestApp
let tokens: Awaited<ReturnType<typeof seedWebhookOrg>>
const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of cleanups.splice(0).reverse()) await close()
})

async function setUp(host: TestHostOptions = {}) {
  t = await testApp({}, host)
  cleanups.push(() => t.close())
  tokens = await seedWebhookOrg(t)
}
async function receiverUp() {
  const receiver = await startWebhookReceiver()
  cleanups.push(() => receiver.close())
  return receiver
}
const attempts = async (id: string) =>
  json<Attempt[]>(await t.call('GET', `${HOOKS}/${id}/deliveries`, { token: tokens.admin }))
const hook = async (id: string) =>
  (await json<Hook[]>(await t.call('GET', HOOKS, { token: tokens.admin }))).find((h) => h.id === id)
const writePage = (path: string) =>
  t.call('PUT', `${WIKI}/files/${path}`, { token: tokens.member, body: { content: `# ${path}\n` } })

describe('retries', () => {
  it('retries a failed delivery after 5 s, then 5 min, with the same id, and counts then clears the failures', async () => {
    await setUp()
    const receiver = await receiverUp()
    receiver.answer((n) => ({ status: n < 2 ? 500 : 200 }))
    const { id } = await registerReceiver(t, tokens.admin, receiver)
    await writePage('a.md')
    await deliver(t, receiver)
    expect(await hook(id)).toMatchObject({ failures: 1, last_status: 500, active: true })
    t.clock.advance(4_999)
    expect(await drainWebhooks(t.deps)).toBe(0)
    t.clock.advance(1)
    await deliver(t, receiver)
    expect(await hook(id)).toMatchObject({ failures: 2 })
    t.clock.advance(5 * 60_000 - 1)
    expect(await drainWebhooks(t.deps)).toBe(0)
    t.clock.advance(1)
    const received = await deliver(t, receiver)
    expect(received).toHaveLength(3)
    expect(received.every((r) => r.verified && r.type === 'page.created')).toBe(true)
    expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(1)
    expect(await hook(id)).toMatchObject({ failures: 0, last_status: 200 })
    expect((await attempts(id)).map((a) => [a.attempt, a.status_code, a.error])).toEqual([
      [3, 200, null],
      [2, 500, 'HTTP 500'],
      [1, 500, 'HTTP 500'],
    ])
  })

  it('follows SERVICE_WEBHOOK_RETRY_DELAYS, and stops when they run out', async () => {
    await setUp({ webhooks: { retryDelaysMs: [60_000] } })
    const receiver = await receiverUp()
    receiver.answer(() => ({ status: 502 }))
    const { id } = await registerReceiver(t, tokens.admin, receiver)
    await writePage('a.md')
    await deliver(t, receiver)
    t.clock.advance(60_000)
    await deliver(t, receiver)
    t.clock.advance(24 * 3600_000)
    expect(await drainWebhooks(t.deps)).toBe(0)
    expect((await attempts(id)).map((a) => a.attempt)).toEqual([2, 1])
  })

  it('counts a refused connection, a redirect (never followed) and a time-out as failed attempts', async () => {
    await setUp({ webhooks: { timeoutMs: 300 } })
    const elsewhere = await receiverUp()
    const receiver = await receiverUp()
    receiver.answer(() => ({ status: 307, location: elsewhere.url }))
    const { id } = await registerReceiver(t, tokens.admin, receiver)
    await t.call('POST', `${HOOKS}/${id}/test`, { token: tokens.admin })
    await deliver(t, receiver)
    expect(elsewhere.received).toEqual([])
    // A port nobody listens on.
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const { port } = closed.address() as { port: number }
    await new Promise((resolve) => closed.close(resolve))
    const created = await json<{ id: string }>(
      await t.call('POST', HOOKS, { token: tokens.admin, body: { url: `http://127.0.0.1:${port}/hook` } }),
    )
    await t.call('POST', `${HOOKS}/${created.id}/test`, { token: tokens.admin })
    await drainWebhooks(t.deps)
    expect((await attempts(id))[0]).toMatchObject({ status_code: 307, error: 'HTTP 307' })
    receiver.answer(() => ({ delayMs: 1_000 }))
    await t.call('POST', `${HOOKS}/${id}/test`, { token: tokens.admin })
    await drainWebhooks(t.deps)
    expect((await attempts(id))[0]).toMatchObject({ status_code: null, error: 'timed out' })
    expect((await attempts(created.id))[0]).toMatchObject({ status_code: null, error: 'connection refused' })
  })
})

describe('switching off and reactivation', () => {
  let smtp: TestSmtpServer
  it('switches off at the threshold, drops pending retries, mails the admins in their language, and comes back on reactivation', async () => {
    smtp = await startSmtpServer()
    cleanups.push(() => smtp.close())
    await setUp({
      mail: { smtpUrl: smtp.url },
      webhooks: { disableAfter: 3, retryDelaysMs: [1_000, 1_000, 1_000] },
    })
    const receiver = await receiverUp()
    receiver.answer(() => ({ status: 503 }))
    // An address with characters HTML must escape.
    receiver.url = `${receiver.url}?team=ops&env=<prod>`
    const { id } = await registerReceiver(t, tokens.admin, receiver)
    await writePage('a.md')
    await writePage('b.md')
    await deliver(t, receiver)
    t.clock.advance(1_000)
    await deliver(t, receiver)
    // Three failures in a row: off, and the retries still pending are dropped.
    expect(receiver.received).toHaveLength(3)
    expect(await hook(id)).toMatchObject({ active: false, failures: 3 })
    t.clock.advance(3_600_000)
    expect(await drainWebhooks(t.deps)).toBe(0)
    await writePage('c.md')
    expect(await drainWebhooks(t.deps)).toBe(0)

    await drainJobs(t.deps)
    const [mail] = await smtp.waitFor(1)
    expect(mail?.recipients).toEqual(['ada@example.com'])
    expect(mail?.subject).toBe(`Webhook désactivé : ${receiver.url}`)
    expect(mail?.text).toContain(`${HOOKS}/${id}/reactivate`)
    expect(mail?.html).toContain('?team=ops&amp;env=&lt;prod&gt;')

    receiver.answer(() => ({ status: 200 }))
    expect((await t.call('POST', `${HOOKS}/${id}/reactivate`, { token: tokens.admin })).status).toBe(204)
    expect(await hook(id)).toMatchObject({ active: true, failures: 0 })
    await writePage('d.md')
    const received = await deliver(t, receiver)
    expect(received.at(-1)).toMatchObject({ type: 'page.created', verified: true, data: { path: 'd.md' } })
    expect(received).toHaveLength(4)
  })
})

describe('the persisted queue', () => {
  it('loses no delivery across a restart: neither one not yet sent nor a retry pending', async () => {
    await setUp()
    const receiver = await receiverUp()
    receiver.answer((n) => ({ status: n === 0 ? 500 : 200 }))
    await registerReceiver(t, tokens.admin, receiver)
    await writePage('a.md')
    await deliver(t, receiver)
    await writePage('b.md')
    await t.restart()
    await deliver(t, receiver)
    t.clock.advance(5_000)
    // A delivery a dying process had started is taken again by the next one.
    await writePage('c.md')
    await t.deps.store.jobs.claim(t.clock.now(), 60_000, { only: ['webhook'] })
    await t.abandon()
    await t.deps.store.jobs.releaseRunning(t.clock.now())
    const received = await deliver(t, receiver)
    expect(received.map((r) => [r.data.path, r.verified])).toEqual([
      ['a.md', true],
      ['b.md', true],
      ['a.md', true],
      ['c.md', true],
    ])
  })

  it('lets no slow receiver delay another’s deliveries', async () => {
    await setUp()
    const slow = await receiverUp()
    const fast = await receiverUp()
    slow.answer(() => ({ delayMs: 1_500 }))
    await registerReceiver(t, tokens.admin, slow)
    await registerReceiver(t, tokens.admin, fast)
    const runner = startWebhookRunner(t.deps, quiet)
    cleanups.push(() => runner.stop(5_000))
    for (const page of ['a.md', 'b.md', 'c.md']) await writePage(page)
    await fast.waitFor(3)
    expect(slow.received).toHaveLength(0)
    await slow.waitFor(3)
  })
})

describe('the address guard', () => {
  it('refuses loopback, private, link-local and metadata addresses at creation (400) unless the private network is allowed', async () => {
    await setUp({ allowPrivateNetwork: false })
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://localhost/hook',
      'http://10.1.2.3/hook',
      'http://192.168.0.10/hook',
      'http://[::1]/hook',
      'http://169.254.169.254/latest/meta-data',
    ]) {
      const refused = await t.call('POST', HOOKS, { token: tokens.admin, body: { url } })
      expect(refused.status, url).toBe(400)
      expect(await json(refused)).toMatchObject({ error: 'invalid' })
    }
    expect(await json(await t.call('GET', HOOKS, { token: tokens.admin }))).toEqual([])
  })

  it('keeps the metadata service closed even on an allowed private network', async () => {
    await setUp({ allowPrivateNetwork: true })
    const refused = await t.call('POST', HOOKS, {
      token: tokens.admin,
      body: { url: 'http://169.254.169.254/latest/meta-data' },
    })
    expect(refused.status).toBe(400)
  })

  it('checks again at delivery, on the address connected to', async () => {
    await setUp({ allowPrivateNetwork: false })
    const receiver = await receiverUp()
    // As if the name had resolved to a public address at creation and to loopback now.
    const org = await t.deps.store.organizations.bySlug('acme')
    await t.deps.store.forOrg(org!.id).webhooks.create({
      id: 'wh_rebound',
      url: receiver.url.replace('127.0.0.1', 'localhost'),
      events: null,
      secretSealed: t.deps.cipher.seal('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'),
      createdAt: t.clock.now(),
    })
    await t.call('POST', `${HOOKS}/wh_rebound/test`, { token: tokens.admin })
    await drainWebhooks(t.deps)
    expect(receiver.received).toEqual([])
    expect((await attempts('wh_rebound'))[0]).toMatchObject({
      status_code: null,
      error: expect.stringContaining('not allowed'),
    })
  })
})
