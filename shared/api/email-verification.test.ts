import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { VERIFICATION_LINK_MS, VERIFICATION_MAILS } from '../domain/limits.ts'
import { drainJobs } from '../services/jobs/job-worker.ts'
import { startSmtpServer, type TestSmtpServer } from '../testing/smtp-server.ts'
import { json, type TestApp, testApp } from '../testing/test-app.ts'

let t: TestApp
let smtp: TestSmtpServer
let root: string
let alice: string
beforeEach(async () => {
  smtp = await startSmtpServer()
  t = await testApp({}, { mail: { smtpUrl: smtp.url, from: 'wiki@example.com' } })
  root = await t.user('root', { superadmin: true })
  alice = await t.user('alice')
})
afterEach(async () => {
  await t.close()
  await smtp.close()
})

/** The mail sent since the last call, each message with the secret of its verification link. */
async function mailed() {
  await drainJobs(t.deps)
  return smtp.messages.splice(0).map((message) => ({
    to: message.recipients,
    subject: message.subject,
    text: message.text ?? '',
    token: /http:\/\/localhost\/verify-email\/(qver_[\w-]+)/.exec(message.text ?? '')?.[1] ?? '',
  }))
}

const askForLink = (token = alice) => t.call('POST', '/me/email/verification', { token })
const follow = (link: string) => t.call('POST', `/email-verifications/${link}`)
const me = async (token = alice) =>
  json<{ email: string; email_verified: boolean }>(await t.call('GET', '/me', { token }))

describe('verifying an address', () => {
  it('mails a link that verifies the address once, without credentials; the second time is 404', async () => {
    expect((await me()).email_verified).toBe(false)
    expect((await askForLink()).status).toBe(202)
    const [mail, ...more] = await mailed()
    expect(more).toEqual([])
    expect(mail).toMatchObject({ to: ['alice@example.com'], subject: 'Confirm your e-mail address' })
    expect(mail?.text).toContain('within 24 hours')

    expect((await follow(mail!.token)).status).toBe(204)
    expect(await me()).toEqual(expect.objectContaining({ email: 'alice@example.com', email_verified: true }))
    const again = await follow(mail!.token)
    expect(again.status).toBe(404)
    expect((await json(again)).error).toBe('not_found')

    const verified = await askForLink()
    expect(verified.status).toBe(400)
    expect((await json(verified)).error).toBe('invalid')
    const listed = await json<{ username: string; email_verified: boolean }[]>(
      await t.call('GET', '/users', { token: root }),
    )
    expect(listed.find((a) => a.username === 'alice')?.email_verified).toBe(true)
  })

  it('lasts 24 hours', async () => {
    await askForLink()
    const [mail] = await mailed()
    t.clock.advance(VERIFICATION_LINK_MS)
    expect((await follow(mail!.token)).status).toBe(404)
    expect((await me()).email_verified).toBe(false)
  })

  it('mails three links an hour, then 429 with Retry-After', async () => {
    for (let i = 0; i < VERIFICATION_MAILS.max; i++) expect((await askForLink()).status).toBe(202)
    const refused = await askForLink()
    expect(refused.status).toBe(429)
    expect((await json(refused)).error).toBe('too_many_requests')
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await mailed()).toHaveLength(VERIFICATION_MAILS.max)
  })

  it('answers 400 to an account without an address, 403 to a restricted token, 401 to no one', async () => {
    await t.call('PATCH', '/users/alice', { token: root, body: { email: '' } })
    const none = await askForLink()
    expect(none.status).toBe(400)
    expect((await json(none)).error).toBe('invalid')

    const restricted = await json<{ token: string }>(
      await t.call('POST', '/me/tokens', { token: root, body: { name: 'reader', read_only: true } }),
    )
    const refused = await askForLink(restricted.token)
    expect(refused.status).toBe(403)
    expect((await json(refused)).error).toBe('forbidden')
    expect((await t.call('POST', '/me/email/verification')).status).toBe(401)
    expect(await mailed()).toEqual([])
  })
})

describe('addresses the super admin sets', () => {
  it('a new account’s address is unverified and mailed a link', async () => {
    const created = await t.call('POST', '/users', {
      token: root,
      body: { username: 'bob', password: 'bob-password', email: 'bob@example.com' },
    })
    expect(await json(created)).toMatchObject({ email: 'bob@example.com', email_verified: false })
    const [mail] = await mailed()
    expect(mail?.to).toEqual(['bob@example.com'])
    expect((await follow(mail!.token)).status).toBe(204)
    const listed = await json<{ username: string; email_verified: boolean }[]>(
      await t.call('GET', '/users', { token: root }),
    )
    expect(listed.find((a) => a.username === 'bob')?.email_verified).toBe(true)
  })

  it('a changed address is unverified, gets its own link, and the old address’s link verifies nothing', async () => {
    await askForLink()
    const [old] = await mailed()
    expect((await follow(old!.token)).status).toBe(204)
    await askForLink(root)
    const [pending] = await mailed()

    const changed = await t.call('PATCH', '/users/root', {
      token: root,
      body: { email: 'boss@corp.example' },
    })
    expect(await json(changed)).toMatchObject({ email: 'boss@corp.example', email_verified: false })
    const [fresh] = await mailed()
    expect(fresh?.to).toEqual(['boss@corp.example'])
    // The link sent to the address root no longer has.
    expect((await follow(pending!.token)).status).toBe(404)
    expect((await me(root)).email_verified).toBe(false)
    expect((await follow(fresh!.token)).status).toBe(204)
    expect(await me(root)).toEqual(
      expect.objectContaining({ email: 'boss@corp.example', email_verified: true }),
    )

    // The same address again changes nothing and mails nothing.
    const same = await t.call('PATCH', '/users/root', { token: root, body: { email: 'boss@corp.example' } })
    expect(await json(same)).toMatchObject({ email_verified: true })
    expect(await mailed()).toEqual([])
  })
})
