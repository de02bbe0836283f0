import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { escapeHtml } from '../../domain/html.ts'
import type { Job } from '../../ports/jobs.ts'
import { memoryCipher } from '../../testing/fakes/memory-secrets.ts'
import { startSmtpServer, type TestSmtpServer } from '../../testing/smtp-server.ts'
import { type TestApp, testApp } from '../../testing/test-app.ts'
import { drainJobs } from '../jobs/job-worker.ts'
import { MAIL_JOB, MAIL_RETRY_DELAYS_MS, mailAccounts, queueMail, sealMail } from './send-mail.ts'

let t: TestApp
let smtp: TestSmtpServer
beforeEach(async () => {
  smtp = await startSmtpServer({ refuse: 1 })
  t = await testApp({}, { mail: { smtpUrl: smtp.url } })
})
afterEach(async () => {
  await t.close()
  await smtp.close()
})

const compose = (locale: 'en' | 'fr') => {
  const subject = locale === 'fr' ? 'Rapport <hebdo> & suite' : 'Weekly <report> & more'
  return { subject, text: `${subject}\n`, html: `<p>${escapeHtml(subject)}</p>` }
}

/** The mail jobs due now, as the database holds them; they stay queued, to be sent as usual. */
async function storedMailJobs(): Promise<Job[]> {
  const found: Job[] = []
  for (let job = await claimMail(); job; job = await claimMail()) found.push(job)
  await t.deps.store.jobs.releaseRunning(t.clock.now())
  return found
}
const claimMail = () => t.deps.store.jobs.claim(t.clock.now(), 60_000, { only: [MAIL_JOB] })

const link = 'https://quire.example/reset-password/qrst_Wm2kR8vYc4TtLq9ZpXb3NeHd'
const resetMail = {
  subject: 'Choose a new password',
  text: `Open ${link} to choose a new password.\n`,
  html: `<p><a href="${link}">Choose a new password</a></p>`,
}

/** Nothing a copy of the database would reveal: not the link, its token, the subject or the address. */
function expectSealed(jobs: Job[], attempt: number) {
  expect(jobs.length).toBeGreaterThan(0)
  for (const job of jobs) {
    const stored = JSON.stringify(job.payload)
    for (const clear of [link, 'qrst_', resetMail.subject, 'new password', 'dana@example.com'])
      expect(stored).not.toContain(clear)
    expect(job.payload).toMatchObject({ attempt })
  }
}

describe('queued mail', () => {
  it('is kept sealed in the database, its retries too, and delivered intact', async () => {
    await queueMail(t.deps, 'dana@example.com', resetMail)
    expectSealed(await storedMailJobs(), 1)

    // The server turns it away: the next attempt is queued, sealed as well.
    expect(await drainJobs(t.deps)).toBe(1)
    expect(smtp.messages).toHaveLength(0)
    t.clock.advance(MAIL_RETRY_DELAYS_MS[0] ?? 0)
    expectSealed(await storedMailJobs(), 2)

    await drainJobs(t.deps)
    const [mail] = await smtp.waitFor(1)
    expect(mail?.recipients).toEqual(['dana@example.com'])
    expect(mail?.subject).toBe(resetMail.subject)
    expect(mail?.text).toBe(resetMail.text)
    expect(mail?.html).toBe(resetMail.html)
  })

  it('still goes out when it was queued in clear, before messages were sealed, and its retry is sealed', async () => {
    const now = t.clock.now()
    for (const to of ['dana@example.com', 'eve@example.com']) {
      const payload = { message: { to: [to], ...resetMail }, attempt: 1 }
      await t.deps.store.jobs.enqueue({ kind: MAIL_JOB, spaceId: null, payload, runAt: now }, now)
    }

    // The server turns the first away and takes the second as it was queued.
    expect(await drainJobs(t.deps)).toBe(2)
    const [eve] = await smtp.waitFor(1)
    expect(eve?.recipients).toEqual(['eve@example.com'])
    expect(eve?.text).toBe(resetMail.text)

    t.clock.advance(MAIL_RETRY_DELAYS_MS[0] ?? 0)
    expectSealed(await storedMailJobs(), 2)
    await drainJobs(t.deps)
    const [, dana] = await smtp.waitFor(2)
    expect(dana?.recipients).toEqual(['dana@example.com'])
    expect(dana?.subject).toBe(resetMail.subject)
    expect(dana?.html).toBe(resetMail.html)
  })

  it('is dropped, not tried again, when it was sealed with another key', async () => {
    const otherKey = { cipher: memoryCipher() }
    const payload = sealMail(otherKey, { to: ['dana@example.com'], ...resetMail })
    const now = t.clock.now()
    await t.deps.store.jobs.enqueue({ kind: MAIL_JOB, spaceId: null, payload, runAt: now }, now)

    expect(await drainJobs(t.deps)).toBe(1)
    t.clock.advance(MAIL_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0))
    expect(await drainJobs(t.deps)).toBe(0)
    expect(smtp.messages).toHaveLength(0)
  })
})

describe('mailing accounts', () => {
  it('queues one message per account with an address, in its language, and retries what the server turned away', async () => {
    await t.user('ada')
    await t.user('bob')
    const noMail = await t.deps.store.accounts.create({
      username: 'nomail',
      displayName: 'No Mail',
      email: '',
      locale: null,
      isSuperadmin: false,
      passwordHash: null,
      createdAt: 0,
    })
    const ada = await t.deps.store.accounts.byUsername('ada')
    await t.deps.store.accounts.update(ada!.id, { locale: 'fr' }, t.clock.now())
    const accounts = await Promise.all(['ada', 'bob'].map((u) => t.deps.store.accounts.byUsername(u)))
    expect(await mailAccounts(t.deps, [...accounts.filter((a) => a !== undefined), noMail!], compose)).toBe(2)
    const stored = JSON.stringify((await storedMailJobs()).map((job) => job.payload))
    for (const clear of ['Rapport', 'Weekly', 'ada@example.com', 'bob@example.com'])
      expect(stored).not.toContain(clear)

    // The server turns the first message away: it is tried again later, the other goes out now.
    await drainJobs(t.deps)
    expect(smtp.messages).toHaveLength(1)
    t.clock.advance(MAIL_RETRY_DELAYS_MS[0] ?? 0)
    await drainJobs(t.deps)
    const messages = await smtp.waitFor(2)
    const byRecipient = Object.fromEntries(messages.map((m) => [m.recipients[0], m]))
    expect(byRecipient['ada@example.com']?.subject).toBe('Rapport <hebdo> & suite')
    expect(byRecipient['ada@example.com']?.html).toBe('<p>Rapport &lt;hebdo&gt; &amp; suite</p>')
    expect(byRecipient['bob@example.com']?.subject).toBe('Weekly <report> & more')
    expect(byRecipient['bob@example.com']?.text).toBe('Weekly <report> & more\n')
  })
})
