import { afterEach, describe, expect, it } from 'vitest'
import { drainJobs } from '../services/jobs/job-worker.ts'
import { startSmtpServer } from '../testing/smtp-server.ts'
import { json, type TestApp, testApp } from '../testing/test-app.ts'
import { startWebhookReceiver } from '../testing/webhook-receiver.ts'
import { deliver, registerReceiver, seedWebhookOrg } from '../testing/webhook-seed.ts'

const R = '/organizations/acme/spaces/wiki/routines'
const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of cleanups.splice(0).reverse()) await close()
})

describe('a routine’s report delivered', () => {
  it('mails the admins in their language, and signs a routine.finished event to its webhook and the organization’s', async () => {
    const smtp = await startSmtpServer()
    cleanups.push(() => smtp.close())
    const own = await startWebhookReceiver()
    cleanups.push(() => own.close())
    const org = await startWebhookReceiver()
    cleanups.push(() => org.close())
    const t: TestApp = await testApp({}, { mail: { smtpUrl: smtp.url, from: 'wiki@example.com' } })
    cleanups.push(() => t.close())
    const { admin } = await seedWebhookOrg(t)
    await registerReceiver(t, admin, org, ['routine.finished'])
    await t.call('PUT', '/organizations/acme/spaces/wiki/files/guide.md', {
      token: admin,
      body: { content: '# Guide\n\nSee [missing](missing.md).\n' },
    })

    const created = await t.call('POST', R, {
      token: admin,
      body: { template: 'coherence', output_email: 'admins', output_webhook: own.url },
    })
    expect(created.status).toBe(201)
    const routine = await json<{ id: string; webhook_secret: string }>(created)
    own.trustSecret(routine.webhook_secret)
    expect((await t.call('POST', `${R}/${routine.id}/run`, { token: admin })).status).toBe(202)
    await drainJobs(t.deps)

    const [run] = await json<{ status: string; summary: string; outputs: unknown }[]>(
      await t.call('GET', `${R}/${routine.id}/runs`, { token: admin }),
    )
    expect(run).toMatchObject({ status: 'done', outputs: { emails: 1, webhook: own.url } })

    // Ada reads French: the report comes in French, its text escaped in the HTML part.
    const [mail] = await smtp.waitFor(1)
    expect(mail?.recipients).toEqual(['ada@example.com'])
    expect(mail?.subject).toMatch(/^Routine « Coherence check » \(acme\/wiki\) : /)
    expect(mail?.text).toContain('`guide.md` links to `missing.md`')

    const [event] = await own.waitFor(1)
    expect(event).toMatchObject({
      type: 'routine.finished',
      verified: true,
      data: { organization: 'acme', space: 'wiki', channel: 'routine', run: { status: 'done' } },
    })
    const [forwarded] = await deliver(t, org)
    expect(forwarded).toMatchObject({ type: 'routine.finished', verified: true })
  })

  it('announces the page it writes as any page written: page.created, then page.updated, from the routine', async () => {
    const hooks = await startWebhookReceiver()
    cleanups.push(() => hooks.close())
    const t: TestApp = await testApp()
    cleanups.push(() => t.close())
    const { admin } = await seedWebhookOrg(t)
    await registerReceiver(t, admin, hooks, ['page.created', 'page.updated'])
    const routine = await json<{ id: string }>(
      await t.call('POST', R, { token: admin, body: { template: 'coherence', output_inbox: false } }),
    )
    const run = async () => {
      expect((await t.call('POST', `${R}/${routine.id}/run`, { token: admin })).status).toBe(202)
      await drainJobs(t.deps)
    }
    await run()
    // A broken link since: the second report differs, and its page changes.
    await t.call('PUT', '/organizations/acme/spaces/wiki/files/guide.md', {
      token: admin,
      body: { content: '# Guide\n\nSee [missing](missing.md).\n' },
    })
    await run()
    const events = (await deliver(t, hooks)).filter(
      (e) => (e.data as { path: string }).path === 'reports/coherence.md',
    )
    expect(
      events.map((e) => [e.type, (e.data as { path: string }).path, (e.data as { channel: string }).channel]),
    ).toEqual([
      ['page.created', 'reports/coherence.md', 'routine'],
      ['page.updated', 'reports/coherence.md', 'routine'],
    ])
  })
})
