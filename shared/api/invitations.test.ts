import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { drainJobs } from '../services/jobs/job-worker.ts'
import { seedWorld, type World } from '../testing/builders/seed-world.ts'
import { startSmtpServer, type TestSmtpServer } from '../testing/smtp-server.ts'
import { json, sessionCookie, type TestApp, testApp } from '../testing/test-app.ts'

const INVITATIONS = '/organizations/acme/invitations'
const DAY = 24 * 3600_000

type Created = {
  id: string
  email: string
  org_role: string
  spaces: Record<string, string>
  expires_at: string
  link: string | null
  granted: boolean
}

let t: TestApp
let smtp: TestSmtpServer
let world: World
let ada: string
let read = 0

beforeEach(async () => {
  smtp = await startSmtpServer()
  t = await testApp({}, { mail: { smtpUrl: smtp.url } })
  world = await seedWorld(t.deps, {
    spaces: { wiki: { name: 'Team wiki' }, board: {} },
    members: ['bob'],
    outsiders: ['eve'],
  })
  ada = world.token('ada')
  read = 0
})
afterEach(async () => {
  await t.close()
  await smtp.close()
})

const invite = (body: unknown, token = ada, headers: Record<string, string> = {}) =>
  t.call('POST', INVITATIONS, { token, body, headers })

/** The next message the SMTP server received, once the queued mail went out. */
async function nextMail() {
  await drainJobs(t.deps)
  const messages = await smtp.waitFor(read + 1)
  const mail = messages[read++]
  if (!mail) throw new Error('no mail arrived')
  return mail
}

/** The link's secret, as read from a mail or from a new invitation's `link`. */
function tokenIn(text: string | undefined): string {
  const match = /http:\/\/localhost\/invite\/(qinv_[\w-]+)/.exec(text ?? '')
  if (!match?.[1]) throw new Error(`no invitation link in ${text}`)
  return match[1]
}

const accept = (token: string, body: unknown, headers: Record<string, string> = {}) =>
  t.call('POST', `/invitations/${token}/accept`, { body, headers })

const members = async (path: string) =>
  Object.fromEntries(
    (
      await json<{ username: string; role: string }[]>(await t.call('GET', `${path}/members`, { token: ada }))
    ).map((m) => [m.username, m.role]),
  )

describe('an invitation by link', () => {
  it('is mailed, shows its offer, makes an account with exactly the invited roles, its address verified, and signs it in, once', async () => {
    const response = await invite({
      email: 'Grace@Example.com',
      org_role: 'member',
      spaces: { wiki: 'contributor', board: 'reader' },
    })
    expect(response.status).toBe(201)
    const created = await json<Created>(response)
    expect(created).toMatchObject({
      email: 'grace@example.com',
      org_role: 'member',
      spaces: { wiki: 'contributor', board: 'reader' },
      expires_at: new Date(t.clock.now() + 7 * DAY).toISOString(),
      granted: false,
      mailed: true,
    })

    const mail = await nextMail()
    expect(mail.recipients).toEqual(['grace@example.com'])
    expect(mail.subject).toBe('Ada invites you to join Acme')
    const token = tokenIn(mail.text)
    expect(mail.html).toContain(`href="http://localhost/invite/${token}"`)
    // The inviter is shown another link to the same invitation, never the mailed one.
    const shown = tokenIn(created.link ?? '')
    expect(shown).not.toBe(token)
    expect(mail.text).not.toContain(shown)

    for (const secret of [token, shown]) {
      const offer = await t.call('GET', `/invitations/${secret}`)
      expect(offer.status).toBe(200)
      expect(await json(offer)).toEqual({
        organization: { slug: 'acme', name: 'Acme' },
        invited_by: { display_name: 'Ada' },
        email: 'grace@example.com',
        org_role: 'member',
        spaces: [
          { slug: 'wiki', name: 'Team wiki', role: 'contributor' },
          { slug: 'board', name: 'Board', role: 'reader' },
        ],
        expires_at: created.expires_at,
      })
    }

    const accepted = await accept(token, {
      username: 'grace',
      display_name: 'Grace Hopper',
      password: 'grace-password',
    })
    expect(accepted.status).toBe(201)
    expect(await json(accepted)).toMatchObject({
      username: 'grace',
      display_name: 'Grace Hopper',
      email: 'grace@example.com',
      email_verified: true,
    })
    const cookie = sessionCookie(accepted)
    const me = await t.call('GET', '/me', { headers: { cookie } })
    expect(await json(me)).toMatchObject({ username: 'grace', email_verified: true })
    expect(await members('/organizations/acme')).toMatchObject({ grace: 'member' })
    expect((await members(world.space('wiki').path)).grace).toBe('contributor')
    expect((await members(world.space('board').path)).grace).toBe('reader')

    // Once in all: neither link works any more.
    for (const secret of [token, shown]) {
      const again = await accept(secret, { username: 'grace2', password: 'grace-password' })
      expect(again.status).toBe(404)
      expect((await t.call('GET', `/invitations/${secret}`)).status).toBe(404)
    }
    expect(await json(await t.call('GET', INVITATIONS, { token: ada }))).toEqual([])
  })

  it('is accepted by a signed-in account with an empty body, whatever its address', async () => {
    const first = await json<Created>(await invite({ email: 'eve.elsewhere@example.com', org_role: 'admin' }))
    expect((await nextMail()).recipients).toEqual(['eve.elsewhere@example.com'])
    const token = first.link?.split('/').at(-1) ?? ''
    const eve = world.token('eve')
    const response = await t.call('POST', `/invitations/${token}/accept`, { token: eve, body: {} })
    expect(response.status).toBe(200)
    expect(await json(response)).toMatchObject({ username: 'eve', email: 'eve@example.com' })
    expect(await json(await t.call('GET', '/organizations/acme', { token: eve }))).toMatchObject({
      role: 'admin',
    })

    // With the web session, through the mailed link: the invited address was the account's own,
    // unproved; it is proved now.
    await t.user('frank')
    const signedIn = await t.call('POST', '/session', {
      body: { username: 'frank', password: 'frank-password' },
    })
    const cookie = sessionCookie(signedIn)
    await invite({ email: 'frank@example.com', spaces: { wiki: 'reader' } })
    const own = tokenIn((await nextMail()).text)
    const joined = await accept(own, {}, { cookie, 'x-requested-with': 'fetch' })
    expect(joined.status).toBe(200)
    expect(await json(joined)).toMatchObject({ username: 'frank', email_verified: true })
    expect((await members(world.space('wiki').path)).frank).toBe('reader')
  })

  it('asks for a new account signed out, refuses one signed in (400), a malformed body (422) and a taken username (409)', async () => {
    const created = await json<Created>(await invite({ email: 'grace@example.com' }))
    const token = created.link?.split('/').at(-1) ?? ''
    const anonymous = await accept(token, {})
    expect(anonymous.status).toBe(401)
    expect(await json(anonymous)).toMatchObject({ error: 'unauthenticated' })
    const signedIn = await t.call('POST', `/invitations/${token}/accept`, {
      token: world.token('eve'),
      body: { username: 'grace', password: 'grace-password' },
    })
    expect(signedIn.status).toBe(400)
    expect(await json(signedIn)).toMatchObject({
      error: 'invalid',
      message: expect.stringMatching(/sign out/),
    })
    const partial = await accept(token, { username: 'grace' })
    expect(partial.status).toBe(422)
    expect(await json(partial)).toEqual({
      detail: [{ loc: ['body', 'password'], msg: 'Field required', type: 'missing' }],
    })
    const taken = await accept(token, { username: 'bob', password: 'grace-password' })
    expect(taken.status).toBe(409)
    expect(await json(taken)).toMatchObject({ error: 'conflict' })
    // None of these used the link up.
    expect((await accept(token, { username: 'grace', password: 'grace-password' })).status).toBe(201)
  })
})

describe('the link shown to the inviter', () => {
  it('makes a new account whose address stays unverified, and mails that address a link that verifies it', async () => {
    const created = await json<Created>(
      await invite({ email: 'grace@example.com', spaces: { wiki: 'reader' } }),
    )
    const mailed = tokenIn((await nextMail()).text)
    const accepted = await accept(tokenIn(created.link ?? ''), {
      username: 'grace',
      password: 'grace-password',
    })
    expect(accepted.status).toBe(201)
    expect(await json(accepted)).toMatchObject({
      username: 'grace',
      email: 'grace@example.com',
      email_verified: false,
    })
    const cookie = sessionCookie(accepted)
    expect((await members(world.space('wiki').path)).grace).toBe('reader')
    expect((await accept(mailed, { username: 'grace2', password: 'grace-password' })).status).toBe(404)

    // Whoever followed it (the inviter, maybe) holds no proved address: a later invitation to it
    // gives nothing at once.
    expect(await json(await invite({ email: 'grace@example.com', org_role: 'admin' }))).toMatchObject({
      granted: false,
    })

    const verification = await nextMail()
    expect(verification.recipients).toEqual(['grace@example.com'])
    expect(verification.subject).toBe('Confirm your e-mail address')
    const secret = /http:\/\/localhost\/verify-email\/(qver_[\w-]+)/.exec(verification.text ?? '')?.[1]
    expect((await t.call('POST', `/email-verifications/${secret}`)).status).toBe(204)
    expect(await json(await t.call('GET', '/me', { headers: { cookie } }))).toMatchObject({
      username: 'grace',
      email_verified: true,
    })
  })

  it('lets a signed-in account join, by token or web session, without verifying its address', async () => {
    const eve = await json<Created>(await invite({ email: 'eve@example.com', spaces: { wiki: 'reader' } }))
    const joined = await t.call('POST', `/invitations/${tokenIn(eve.link ?? '')}/accept`, {
      token: world.token('eve'),
      body: {},
    })
    expect(joined.status).toBe(200)
    expect(await json(joined)).toMatchObject({
      username: 'eve',
      email: 'eve@example.com',
      email_verified: false,
    })
    expect((await members(world.space('wiki').path)).eve).toBe('reader')

    await t.user('frank')
    const own = await json<Created>(await invite({ email: 'frank@example.com' }))
    const signedIn = await t.call('POST', '/session', {
      body: { username: 'frank', password: 'frank-password' },
    })
    const cookie = sessionCookie(signedIn)
    const accepted = await accept(tokenIn(own.link ?? ''), {}, { cookie, 'x-requested-with': 'fetch' })
    expect(accepted.status).toBe(200)
    expect(await json(accepted)).toMatchObject({
      username: 'frank',
      email: 'frank@example.com',
      email_verified: false,
    })
    expect(await members('/organizations/acme')).toMatchObject({ frank: 'member' })
  })
})

describe('an address an account has proved', () => {
  it('gets the access at once, with no link, and a mail saying so', async () => {
    const grace = await t.user('grace', { emailVerified: true })
    const response = await invite({ email: 'grace@example.com', spaces: { board: 'contributor' } })
    expect(response.status).toBe(201)
    expect(await json(response)).toMatchObject({
      granted: true,
      link: null,
      spaces: { board: 'contributor' },
    })
    expect(await json(await t.call('GET', '/organizations/acme', { token: grace }))).toMatchObject({
      role: 'member',
    })
    expect((await members(world.space('board').path)).grace).toBe('contributor')
    expect(await json(await t.call('GET', INVITATIONS, { token: ada }))).toEqual([])
    const mail = await nextMail()
    expect(mail.recipients).toEqual(['grace@example.com'])
    expect(mail.subject).toBe('You now have access to Acme')
    expect(mail.text).toContain('Open it: http://localhost/')
    expect(mail.text).not.toContain('/invite/')
  })

  it('leaves an admin invited as a member an admin, and the mail says so', async () => {
    const grace = await t.user('grace', { emailVerified: true })
    expect(
      (await t.call('PUT', '/organizations/acme/members/grace', { token: ada, body: { role: 'admin' } }))
        .status,
    ).toBe(200)
    expect(await json(await invite({ email: 'grace@example.com', org_role: 'member' }))).toMatchObject({
      granted: true,
    })
    expect(await json(await t.call('GET', '/organizations/acme', { token: grace }))).toMatchObject({
      role: 'admin',
    })
    const mail = await nextMail()
    expect(mail.text).toContain('to the organization Acme as an admin.')
    expect(mail.text).toContain('Open it: http://localhost/org/acme')
  })

  it('but an unproved one gives nothing by itself: a link is mailed', async () => {
    const response = await invite({ email: 'bob@example.com', org_role: 'admin' })
    expect(await json(response)).toMatchObject({ granted: false, link: expect.stringMatching(/\/invite\//) })
    expect(await members('/organizations/acme')).toMatchObject({ bob: 'member' })
    expect(tokenIn((await nextMail()).text)).toMatch(/^qinv_/)
  })
})

describe('who may invite what', () => {
  it('refuses an unknown space or role (400) and a body without an address (422)', async () => {
    for (const body of [
      { email: 'g@example.com', spaces: { nowhere: 'reader' } },
      { email: 'g@example.com', spaces: { wiki: 'admin' } },
      { email: 'g@example.com', org_role: 'owner' },
      { email: 'not an address' },
    ]) {
      const response = await invite(body)
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect(await json(response)).toMatchObject({ error: 'invalid' })
    }
    expect((await invite({ org_role: 'member' })).status).toBe(422)
  })

  it('is for the organization’s admins: 403 for a member or a restricted token, 404 for anyone else', async () => {
    const restricted = await json<{ token: string }>(
      await t.call('POST', '/me/tokens', { token: ada, body: { name: 'read', read_only: true } }),
    )
    const pending = await json<Created>(await invite({ email: 'g@example.com' }))
    for (const [token, status] of [
      [world.token('bob'), 403],
      [restricted.token, 403],
      [world.token('eve'), 404],
    ] as const) {
      expect((await invite({ email: 'h@example.com' }, token)).status).toBe(status)
      expect((await t.call('GET', INVITATIONS, { token })).status).toBe(status)
      expect((await t.call('DELETE', `${INVITATIONS}/${pending.id}`, { token })).status).toBe(status)
    }
    expect((await t.call('POST', INVITATIONS, { body: { email: 'h@example.com' } })).status).toBe(401)
  })

  it('allows 30 invitations per organization per hour: the 31st is 429, and refused ones do not count', async () => {
    expect((await invite({ email: 'g@example.com', org_role: 'owner' })).status).toBe(400)
    for (let n = 0; n < 30; n++) expect((await invite({ email: `g${n}@example.com` })).status).toBe(201)
    const refused = await invite({ email: 'late@example.com' })
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('3600')
    expect(await json(refused)).toMatchObject({ error: 'too_many_requests' })
    t.clock.advance(3600_000)
    expect((await invite({ email: 'late@example.com' })).status).toBe(201)
  })
})

describe('pending invitations', () => {
  it('are listed until cancelled; a cancelled one’s link answers 404', async () => {
    const first = await json<Created>(
      await invite({ email: 'grace@example.com', spaces: { wiki: 'reader' } }),
    )
    t.clock.advance(1000)
    const second = await json<Created>(await invite({ email: 'henri@example.com', org_role: 'admin' }))
    const listed = await json(await t.call('GET', INVITATIONS, { token: ada }))
    expect(listed).toEqual([
      {
        id: second.id,
        email: 'henri@example.com',
        org_role: 'admin',
        spaces: {},
        expires_at: second.expires_at,
        invited_by: 'ada',
        created_at: new Date(t.clock.now()).toISOString(),
      },
      {
        id: first.id,
        email: 'grace@example.com',
        org_role: 'member',
        spaces: { wiki: 'reader' },
        expires_at: first.expires_at,
        invited_by: 'ada',
        created_at: new Date(t.clock.now() - 1000).toISOString(),
      },
    ])
    expect((await t.call('DELETE', `${INVITATIONS}/${first.id}`, { token: ada })).status).toBe(204)
    expect((await t.call('GET', `/invitations/${first.link?.split('/').at(-1)}`)).status).toBe(404)
    expect((await t.call('DELETE', `${INVITATIONS}/${first.id}`, { token: ada })).status).toBe(404)
    expect((await t.call('DELETE', `${INVITATIONS}/inv_unknown`, { token: ada })).status).toBe(404)
    expect(
      (await json<Created[]>(await t.call('GET', INVITATIONS, { token: ada }))).map((i) => i.id),
    ).toEqual([second.id])
  })

  it('to one address: the newest replaces the older, one accepted leaves none, and removing the member cancels theirs', async () => {
    const pending = async () =>
      (await json<Created[]>(await t.call('GET', INVITATIONS, { token: ada }))).map((i) => i.id)
    const first = await json<Created>(
      await invite({ email: 'eve@example.com', spaces: { wiki: 'contributor' } }),
    )
    const second = await json<Created>(
      await invite({ email: 'Eve@Example.com', spaces: { wiki: 'contributor' } }),
    )
    expect((await t.call('GET', `/invitations/${tokenIn(first.link ?? '')}`)).status).toBe(404)
    expect(await pending()).toEqual([second.id])
    const eve = { token: world.token('eve'), body: {} }
    expect((await t.call('POST', `/invitations/${tokenIn(second.link ?? '')}/accept`, eve)).status).toBe(200)
    expect(await pending()).toEqual([])

    // Invited again, then removed: the link sent meanwhile no longer lets her back in.
    const third = await json<Created>(await invite({ email: 'eve@example.com', org_role: 'admin' }))
    expect((await t.call('DELETE', '/organizations/acme/members/eve', { token: ada })).status).toBe(204)
    expect((await t.call('POST', `/invitations/${tokenIn(third.link ?? '')}/accept`, eve)).status).toBe(404)
    expect((await members('/organizations/acme')).eve).toBeUndefined()
    expect(await pending()).toEqual([])

    // A link as admin, then, her address proved, access at once as a member: the link goes too.
    const asAdmin = await json<Created>(await invite({ email: 'eve@example.com', org_role: 'admin' }))
    const account = await t.deps.store.accounts.byUsername('eve')
    await t.deps.store.accounts.update(account!.id, { emailVerified: true }, t.clock.now())
    expect(await json(await invite({ email: 'eve@example.com' }))).toMatchObject({ granted: true })
    expect((await t.call('POST', `/invitations/${tokenIn(asAdmin.link ?? '')}/accept`, eve)).status).toBe(404)
    expect((await members('/organizations/acme')).eve).toBe('member')
  })

  it('offering a space are cancelled when the person is removed from that space, and only those', async () => {
    const eve = { token: world.token('eve'), body: {} }
    const first = await json<Created>(await invite({ email: 'eve@example.com', spaces: { wiki: 'reader' } }))
    expect((await t.call('POST', `/invitations/${tokenIn(first.link ?? '')}/accept`, eve)).status).toBe(200)
    const wiki = world.space('wiki').path
    const more = await json<Created>(
      await invite({ email: 'eve@example.com', spaces: { wiki: 'contributor' } }),
    )
    expect((await t.call('DELETE', `${wiki}/members/eve`, { token: ada })).status).toBe(204)
    expect((await t.call('GET', `/invitations/${tokenIn(more.link ?? '')}`)).status).toBe(404)

    const board = await json<Created>(await invite({ email: 'eve@example.com', spaces: { board: 'reader' } }))
    expect(
      (await t.call('PUT', `${wiki}/members/eve`, { token: ada, body: { role: 'reader' } })).status,
    ).toBe(200)
    expect((await t.call('DELETE', `${wiki}/members/eve`, { token: ada })).status).toBe(204)
    expect((await t.call('GET', `/invitations/${tokenIn(board.link ?? '')}`)).status).toBe(200)
  })

  it('run out after 7 days: the link answers 404 and the list forgets them', async () => {
    const created = await json<Created>(await invite({ email: 'grace@example.com' }))
    const token = created.link?.split('/').at(-1) ?? ''
    t.clock.advance(7 * DAY - 1)
    expect((await t.call('GET', `/invitations/${token}`)).status).toBe(200)
    t.clock.advance(1)
    expect((await t.call('GET', `/invitations/${token}`)).status).toBe(404)
    expect((await accept(token, { username: 'grace', password: 'grace-password' })).status).toBe(404)
    expect(await json(await t.call('GET', INVITATIONS, { token: ada }))).toEqual([])
  })
})

describe('an invitation whose inviter is no longer an admin', () => {
  /** Makes bob an admin, who invites as in the report: a role of admin, and a space's contributor. */
  async function bobsInvitation(): Promise<{ shown: string; mailed: string; id: string }> {
    const put = await t.call('PUT', '/organizations/acme/members/bob', {
      token: ada,
      body: { role: 'admin' },
    })
    expect(put.status).toBe(200)
    const created = await json<Created>(
      await invite(
        { email: 'someone@elsewhere.org', org_role: 'admin', spaces: { wiki: 'contributor' } },
        world.token('bob'),
      ),
    )
    return { shown: tokenIn(created.link ?? ''), mailed: tokenIn((await nextMail()).text), id: created.id }
  }

  /** Bob follows his own link: refused as a used link is, and it gives him nothing. */
  async function refusedToBob(links: { shown: string; mailed: string }, roleInAcme: string | undefined) {
    for (const secret of [links.shown, links.mailed]) {
      const offer = await t.call('GET', `/invitations/${secret}`)
      expect(offer.status).toBe(404)
      expect(await json(offer)).toMatchObject({ error: 'not_found' })
      const accepted = await t.call('POST', `/invitations/${secret}/accept`, {
        token: world.token('bob'),
        body: {},
      })
      expect(accepted.status).toBe(404)
      expect(await json(accepted)).toMatchObject({ error: 'not_found' })
    }
    expect((await members('/organizations/acme')).bob).toBe(roleInAcme)
    expect((await members(world.space('wiki').path)).bob).toBeUndefined()
  }

  const listed = async () =>
    // Made at the same moment (the test's clock stands still): compared in order of address.
    (await json<Created[]>(await t.call('GET', INVITATIONS, { token: ada }))).map((i) => i.email).sort()

  it('stops working once they are removed from the organization, and leaves the list', async () => {
    const links = await bobsInvitation()
    await invite({ email: 'grace@example.com' })
    expect(await listed()).toEqual(['grace@example.com', 'someone@elsewhere.org'])
    expect((await t.call('DELETE', '/organizations/acme/members/bob', { token: ada })).status).toBe(204)
    await refusedToBob(links, undefined)
    // The invitations of the admins still in place are kept.
    expect(await listed()).toEqual(['grace@example.com'])
  })

  it('stops working once they are made a member, and leaves the list', async () => {
    const links = await bobsInvitation()
    const put = await t.call('PUT', '/organizations/acme/members/bob', {
      token: ada,
      body: { role: 'member' },
    })
    expect(put.status).toBe(200)
    await refusedToBob(links, 'member')
    expect(await listed()).toEqual([])
    // Made an admin again, bob does not bring back what his demotion cancelled.
    await t.call('PUT', '/organizations/acme/members/bob', { token: ada, body: { role: 'admin' } })
    expect((await t.call('GET', `/invitations/${links.shown}`)).status).toBe(404)
  })

  it('stops working while their account is deactivated', async () => {
    const links = await bobsInvitation()
    const root = world.token('root')
    expect((await t.call('PATCH', '/users/bob', { token: root, body: { is_active: false } })).status).toBe(
      200,
    )
    expect((await t.call('GET', `/invitations/${links.shown}`)).status).toBe(404)
    expect((await accept(links.mailed, { username: 'someone', password: 'someone-password' })).status).toBe(
      404,
    )
    expect(await listed()).toEqual([])
  })
})

describe('the invitation mail’s language', () => {
  it('is the inviter’s own choice, else the language the request asked for', async () => {
    await t.call('PATCH', '/users/ada', { token: ada, body: { locale: 'fr' } })
    await invite({ email: 'grace@example.com', spaces: { wiki: 'contributor' } }, ada, {
      'accept-language': 'en',
    })
    const french = await nextMail()
    expect(french.subject).toBe('Ada vous invite à rejoindre Acme')
    expect(french.text).toContain('Ada vous invite à rejoindre l’organisation Acme en tant que membre.')
    expect(french.text).toContain('Espaces : Team wiki (contributeur).')
    expect(french.text).toContain(`Accepter l’invitation : http://localhost/invite/${tokenIn(french.text)}`)

    await t.call('PATCH', '/users/ada', { token: ada, body: { locale: null } })
    await invite({ email: 'henri@example.com' }, ada, { 'accept-language': 'fr' })
    expect((await nextMail()).subject).toBe('Ada vous invite à rejoindre Acme')
    await invite({ email: 'ivan@example.com' })
    expect((await nextMail()).subject).toBe('Ada invites you to join Acme')
  })
})

describe('an invitation on a server without a mail server', () => {
  it('says it is not mailed, so that the inviter passes its link on', async () => {
    const bare = await testApp()
    try {
      const seeded = await seedWorld(bare.deps, { spaces: { wiki: {} } })
      const response = await bare.call('POST', INVITATIONS, {
        token: seeded.token('ada'),
        body: { email: 'grace@example.com' },
      })
      expect(response.status).toBe(201)
      expect(await json(response)).toMatchObject({ granted: false, mailed: false, link: expect.any(String) })
    } finally {
      await bare.close()
    }
  })
})

describe('the API documentation', () => {
  it('names the invitation operations, the link’s two needing no credentials', async () => {
    const docs = await testApp({ apiDocs: true })
    try {
      const doc = await json<{
        paths: Record<string, Record<string, { operationId: string; security: unknown[] }>>
      }>(await docs.app.request('/api/v1/openapi.json'))
      expect(doc.paths[INVITATIONS.replace('acme', '{org}')]?.post?.operationId).toBe('createInvitation')
      expect(doc.paths['/organizations/{org}/invitations/{id}']?.delete?.operationId).toBe('cancelInvitation')
      expect(doc.paths['/invitations/{token}']?.get).toMatchObject({
        operationId: 'getInvitation',
        security: [],
      })
      expect(doc.paths['/invitations/{token}/accept']?.post).toMatchObject({
        operationId: 'acceptInvitation',
        security: [],
      })
    } finally {
      await docs.close()
    }
  })
})
