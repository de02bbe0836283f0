import { beforeEach, describe, expect, it } from 'vitest'
import type { WebhookEvent } from '../../domain/webhook-events.ts'
import type { Deps } from '../../ports/deps.ts'
import type { MailMessage } from '../../ports/mailer.ts'
import type { WebhookOutcome, WebhookRequest } from '../../ports/webhooks.ts'
import { actorOf, addPerson } from '../../testing/builders/person.ts'
import { memoryDeps } from '../../testing/fakes/memory-deps.ts'
import { type MemoryWebhookSender, memoryWebhookSender } from '../../testing/fakes/memory-webhook-sender.ts'
import { type TestClock, testClock } from '../../testing/fakes/test-clock.ts'
import type { Actor } from '../access/actor.ts'
import { MAIL_JOB, type MailPayload, openMail } from '../mail/send-mail.ts'
import { createOrganization } from '../organizations/create-organization.ts'
import { setOrgMember } from '../organizations/org-members.ts'
import { fireEvent } from './fire-event.ts'
import { createWebhook, listWebhooks } from './manage-webhooks.ts'
import { drainWebhooks } from './webhook-runner.ts'

const RETRY_DELAYS_MS = [1_000, 5_000, 30_000]
const DISABLE_AFTER = 3

/** What the receivers were sent (every attempt succeeds unless its outcome is scripted). */
let sent: WebhookRequest[]
let deps: Deps & { clock: TestClock; webhookSender: MemoryWebhookSender }
let ada: Actor
let acmeId: number

const down: WebhookOutcome = { ok: false, statusCode: 503, durationMs: 3, error: 'HTTP 503' }

beforeEach(async () => {
  deps = memoryDeps({
    clock: testClock(),
    webhookPolicy: { retryDelaysMs: RETRY_DELAYS_MS, disableAfter: DISABLE_AFTER },
    webhookSender: memoryWebhookSender(),
  })
  sent = deps.webhookSender.sent
  const root = await actorOf(deps, (await addPerson(deps, 'root', { superadmin: true })).token)
  acmeId = (await createOrganization(deps, root, { slug: 'acme', name: 'Acme' })).organization.id
  await createOrganization(deps, root, { slug: 'globex', name: 'Globex', join: true })
  ada = await actorOf(deps, (await addPerson(deps, 'ada')).token)
  await setOrgMember(deps, root, 'acme', 'ada', 'admin')
  await addPerson(deps, 'grace')
  await setOrgMember(deps, root, 'acme', 'grace', 'admin')
  // The members added above fired nothing: no webhook existed yet.
  expect(await drainWebhooks(deps)).toBe(0)
})

const hook = (url: string, events?: WebhookEvent[]) => createWebhook(deps, ada, 'acme', { url, events })
const fire = (type: WebhookEvent, orgId = acmeId) =>
  fireEvent(deps, orgId, type, {
    organization: 'acme',
    space: 'wiki',
    paths: ['a.md'],
    commit: null,
    actor: null,
    channel: 'api',
  })
const received = () => sent.map((r) => [r.url, JSON.parse(r.body).type])

describe('fireEvent', () => {
  it('queues the event for each active webhook subscribed to it, and for those taking every event', async () => {
    await hook('https://pages.example/in', ['page.created', 'page.deleted'])
    await hook('https://all.example/in')
    await hook('https://members.example/in', ['member.added'])

    expect(await fire('page.created')).toBe(2)
    expect(await drainWebhooks(deps)).toBe(2)
    expect(received().sort()).toEqual([
      ['https://all.example/in', 'page.created'],
      ['https://pages.example/in', 'page.created'],
    ])
  })

  it('sends the event signed with the webhook’s own secret, stamped with the time it happened', async () => {
    const { secret } = await hook('https://all.example/in')
    await fire('page.updated')
    deps.clock.advance(60_000)
    await drainWebhooks(deps)
    expect(sent).toHaveLength(1)
    expect(sent[0]?.secret).toBe(secret)
    expect(JSON.parse(sent[0]?.body ?? '')).toEqual({
      type: 'page.updated',
      timestamp: new Date(deps.clock.now() - 60_000).toISOString(),
      data: expect.objectContaining({ organization: 'acme', space: 'wiki', paths: ['a.md'] }),
    })
  })

  it('reaches no other organization’s webhooks', async () => {
    await hook('https://all.example/in')
    const globex = (await deps.store.organizations.bySlug('globex'))!.id
    expect(await fire('page.created', globex)).toBe(0)
    expect(await drainWebhooks(deps)).toBe(0)
  })

  it('never fails the action that caused it, even when nothing can be queued', async () => {
    await hook('https://all.example/in')
    const broken = {
      ...deps,
      store: {
        ...deps.store,
        forOrg: () => {
          throw new Error('database gone')
        },
      },
    }
    await expect(fireEvent(broken, acmeId, 'page.created', {} as never)).resolves.toBe(0)
  })
})

describe('delivering events', () => {
  it('retries a failed delivery after the policy’s delay, with the same message id', async () => {
    await hook('https://all.example/in')
    deps.webhookSender.outcomes.push(down)
    await fire('page.created')
    await drainWebhooks(deps)
    deps.clock.advance(RETRY_DELAYS_MS[0]! - 1)
    expect(await drainWebhooks(deps)).toBe(0)
    deps.clock.advance(1)
    expect(await drainWebhooks(deps)).toBe(1)
    expect(sent.map((r) => r.messageId)).toEqual([sent[0]?.messageId, sent[0]?.messageId])
    deps.clock.advance(3_600_000)
    expect(await drainWebhooks(deps)).toBe(0)
  })

  it('switches a failing webhook off, drops its retries, tells the admins, and sends it nothing more', async () => {
    const { webhook } = await hook('https://all.example/in')
    deps.webhookSender.outcomes.push(down, down, down, down)
    await fire('page.created')
    for (const delay of [0, ...RETRY_DELAYS_MS]) {
      deps.clock.advance(delay)
      await drainWebhooks(deps)
    }
    expect(sent).toHaveLength(DISABLE_AFTER)
    expect((await listWebhooks(deps, ada, 'acme')).find((w) => w.id === webhook.id)).toMatchObject({
      active: false,
    })
    const mails: MailMessage[] = []
    for (
      let job = await deps.store.jobs.claim(deps.clock.now(), 1_000);
      job;
      job = await deps.store.jobs.claim(deps.clock.now(), 1_000)
    )
      if (job.kind === MAIL_JOB) mails.push(openMail(deps, job.payload as MailPayload))
    expect(mails.map((m) => m.to).sort()).toEqual([['ada@example.com'], ['grace@example.com']])
    expect(mails[0]?.subject).toBe('Webhook switched off: https://all.example/in')

    expect(await fire('page.created')).toBe(0)
  })
})

describe('createWebhook', () => {
  it('refuses a URL with credentials in it, or one the outbound policy refuses', async () => {
    await expect(hook('https://user:pw@hooks.example/in')).rejects.toMatchObject({
      reason: 'webhook_url_credentials',
    })
    await expect(hook('http://169.254.169.254/latest')).rejects.toMatchObject({
      reason: 'webhook_url_refused',
    })
    expect(await listWebhooks(deps, ada, 'acme')).toEqual([])
  })
})
