import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { RESET_LINK_MS, RESET_MAILS, RESET_REQUESTS_PER_IP } from '../domain/limits.ts'
import { drainJobs } from '../services/jobs/job-worker.ts'
import { startSmtpServer, type TestSmtpServer } from '../testing/smtp-server.ts'
import { json, sessionCookie, type TestApp, testApp } from '../testing/test-app.ts'

let t: TestApp
let smtp: TestSmtpServer
let root: string
let alice: string
beforeEach(async () => {
  smtp = await startSmtpServer()
  // Each request names its client address, as a proxy in front of the server would.
  t = await testApp(
    { clientIp: (request) => request.headers.get('x-client-ip') ?? '203.0.113.7' },
    { mail: { smtpUrl: smtp.url, from: 'wiki@example.com' } },
  )
  root = await t.user('root', { superadmin: true })
  alice = await t.user('alice')
  await verify('alice')
})
afterEach(async () => {
  await t.close()
  await smtp.close()
})

/** Marks an account's address verified, as following a verification link does. */
async function verify(username: string) {
  await t.deps.store.accounts.update(
    await t.idOf('account', username),
    { emailVerified: true },
    t.clock.now(),
  )
}

/** The mail sent since the last call, each message with the secret of its reset link. */
async function mailed() {
  await drainJobs(t.deps)
  return smtp.messages.splice(0).map((message) => ({
    to: message.recipients,
    subject: message.subject,
    text: message.text ?? '',
    html: typeof message.html === 'string' ? message.html : '',
    token: /http:\/\/localhost\/reset-password\/(qrst_[\w-]+)/.exec(message.text ?? '')?.[1] ?? '',
  }))
}

const forgot = (login: string, ip?: string) =>
  t.call('POST', '/password-resets', { body: { login }, headers: ip ? { 'x-client-ip': ip } : {} })
const check = (link: string) => t.call('GET', `/password-resets/${link}`)
const reset = (link: string, password: string) =>
  t.call('POST', `/password-resets/${link}`, { body: { password } })
const signIn = (username: string, password: string) =>
  t.call('POST', '/session', { body: { username, password } })

describe('a forgotten password', () => {
  it('is reset once through the mailed link, which signs the account out of every token and session', async () => {
    const session = sessionCookie(await signIn('alice', 'alice-password'))
    expect((await forgot('alice')).status).toBe(202)
    const [mail, ...more] = await mailed()
    expect(more).toEqual([])
    expect(mail).toMatchObject({ to: ['alice@example.com'], subject: 'Reset your password' })
    expect(mail?.text).toContain('within 1 hour')
    expect(mail?.text).toContain('If you did not ask for this, ignore this mail')

    expect((await check(mail!.token)).status).toBe(204)
    expect((await reset(mail!.token, 'alice has a new one')).status).toBe(204)
    expect((await t.call('GET', '/me', { token: alice })).status).toBe(401)
    expect((await t.call('GET', '/me', { headers: { cookie: session } })).status).toBe(401)
    expect((await signIn('alice', 'alice-password')).status).toBe(401)
    expect(await json(await signIn('alice', 'alice has a new one'))).toMatchObject({
      username: 'alice',
      must_change_password: false,
    })

    for (const again of [await check(mail!.token), await reset(mail!.token, 'and once more')]) {
      expect(again.status).toBe(404)
      expect((await json(again)).error).toBe('not_found')
    }
  })

  it('finds the account by its verified address, whatever its case', async () => {
    expect((await forgot('Alice@Example.com')).status).toBe(202)
    expect((await mailed()).map((m) => m.to)).toEqual([['alice@example.com']])
  })

  it('answers 202 and mails nothing for an unknown account, an unverified address or a deactivated account', async () => {
    await t.user('bob')
    await t.user('gone')
    await verify('gone')
    await t.call('PATCH', '/users/gone', { token: root, body: { is_active: false } })
    for (const login of [
      'nobody',
      'nobody@example.com',
      'bob',
      'bob@example.com',
      'gone',
      'gone@example.com',
    ]) {
      const response = await forgot(login)
      expect(response.status).toBe(202)
      expect(await response.text()).toBe('')
    }
    expect(await mailed()).toEqual([])
  })

  it('mails an account three links an hour, and still answers 202 beyond', async () => {
    for (let i = 0; i < RESET_MAILS.max + 1; i++) expect((await forgot('alice')).status).toBe(202)
    expect(await mailed()).toHaveLength(RESET_MAILS.max)
  })

  it('holds back a client address after too many requests (429), not the others', async () => {
    for (let i = 0; i < RESET_REQUESTS_PER_IP.max; i++)
      expect((await forgot(`someone-${i}`, '198.51.100.9')).status).toBe(202)
    const refused = await forgot('alice', '198.51.100.9')
    expect(refused.status).toBe(429)
    expect((await json(refused)).error).toBe('too_many_requests')
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await forgot('alice', '198.51.100.10')).status).toBe(202)
    expect(await mailed()).toHaveLength(1)
  })

  it('gives a link that lasts one hour', async () => {
    await forgot('alice')
    const [mail] = await mailed()
    t.clock.advance(RESET_LINK_MS)
    expect((await check(mail!.token)).status).toBe(404)
    expect((await reset(mail!.token, 'too late for this')).status).toBe(404)
    expect((await signIn('alice', 'alice-password')).status).toBe(200)
  })

  it('writes to a French account in French', async () => {
    await t.call('PATCH', '/users/alice', { token: alice, body: { locale: 'fr' } })
    await forgot('alice')
    const [mail] = await mailed()
    expect(mail?.subject).toBe('Réinitialisez votre mot de passe')
    expect(mail?.text).toContain('dans l’heure')
    expect(mail?.html).toContain('Si vous n’avez rien demandé, ignorez ce message')
  })

  it('writes in the language of the request to an account that chose none, in its own to one that did', async () => {
    const inFrench = { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5' }
    await t.call('POST', '/password-resets', { body: { login: 'alice' }, headers: inFrench })
    expect((await mailed())[0]?.subject).toBe('Réinitialisez votre mot de passe')
    await t.call('PATCH', '/users/alice', { token: alice, body: { locale: 'en' } })
    await t.call('POST', '/password-resets', { body: { login: 'alice' }, headers: inFrench })
    expect((await mailed())[0]?.subject).toBe('Reset your password')
  })

  it('refuses a password of the wrong length (422), and keeps the link for a good one', async () => {
    await forgot('alice')
    const [mail] = await mailed()
    for (const password of ['short', 'x'.repeat(1025)])
      expect((await reset(mail!.token, password)).status).toBe(422)
    expect((await reset(mail!.token, 'long enough now')).status).toBe(204)
  })
})

describe('a password the super admin sets', () => {
  it('must be changed at the first sign-in before anything else', async () => {
    await t.call('POST', '/organizations', { token: root, body: { slug: 'acme', name: 'Acme' } })
    await t.call('PUT', '/organizations/acme/members/alice', { token: root, body: { role: 'member' } })
    const set = await t.call('POST', '/users/alice/password', { token: root })
    expect(set.status).toBe(200)
    const { password } = await json<{ password: string }>(set)
    expect(password.length).toBeGreaterThanOrEqual(22)
    expect((await t.call('GET', '/me', { token: alice })).status).toBe(401)

    const signedIn = await signIn('alice', password)
    expect(signedIn.status).toBe(200)
    expect(await json(signedIn)).toMatchObject({ username: 'alice', must_change_password: true })
    const web = { cookie: sessionCookie(signedIn), 'x-requested-with': 'XMLHttpRequest' }

    for (const [method, path] of [
      ['GET', '/organizations/acme'],
      ['GET', '/organizations'],
      ['GET', '/spaces'],
      ['POST', '/me/tokens'],
    ] as const) {
      const held = await t.call(method, path, {
        headers: web,
        body: method === 'POST' ? { name: 'x' } : undefined,
      })
      expect(held.status, path).toBe(403)
      const refusal = await json<{ error: string; message: string }>(held)
      expect(refusal.error).toBe('forbidden')
      expect(refusal.message).toMatch(/choose a new one first/)
    }
    expect(await json(await t.call('GET', '/me', { headers: web }))).toMatchObject({
      must_change_password: true,
    })

    const changed = await t.call('PUT', '/me/password', {
      headers: web,
      body: { current_password: password, new_password: 'alice chose this' },
    })
    expect(changed.status).toBe(204)
    expect((await t.call('GET', '/organizations/acme', { headers: web })).status).toBe(200)
    const organizations = await json<{ slug: string }[]>(
      await t.call('GET', '/organizations', { headers: web }),
    )
    expect(organizations.map((o) => o.slug)).toEqual(['acme'])
    expect(await json(await t.call('GET', '/me', { headers: web }))).toMatchObject({
      must_change_password: false,
    })
  })

  it('may be given, and is shown back once', async () => {
    const set = await t.call('POST', '/users/alice/password', {
      token: root,
      body: { password: 'handed over' },
    })
    expect(await json(set)).toEqual({ password: 'handed over' })
    expect(await json(await signIn('alice', 'handed over'))).toMatchObject({ must_change_password: true })
  })

  it('belongs to the super admin (403), names an existing account (404), and has the usual length (422)', async () => {
    const refused = await t.call('POST', '/users/root/password', {
      token: alice,
      body: { password: 'taking over' },
    })
    expect(refused.status).toBe(403)
    expect((await t.call('POST', '/users/ghost/password', { token: root })).status).toBe(404)
    expect(
      (await t.call('POST', '/users/alice/password', { token: root, body: { password: 'short' } })).status,
    ).toBe(422)
    expect((await signIn('root', 'root-password')).status).toBe(200)
    expect((await t.call('GET', '/me', { token: alice })).status).toBe(200)
  })
})
