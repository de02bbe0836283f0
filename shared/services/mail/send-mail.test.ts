import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { escapeHtml } from '../../domain/html.ts'
import { startSmtpServer, type TestSmtpServer } from '../../testing/smtp-server.ts'
import { type TestApp, testApp } from '../../testing/test-app.ts'
import { drainJobs } from '../jobs/job-worker.ts'
import { MAIL_RETRY_DELAYS_MS, mailAccounts } from './send-mail.ts'

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
