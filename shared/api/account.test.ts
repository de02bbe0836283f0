import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { seedWorld } from '../testing/builders/seed-world.ts'
import { json, onPostgres, sessionCookie, type TestApp, testApp } from '../testing/test-app.ts'

type Token = {
  id: string
  name: string
  hint: string
  token?: string
  created_at: string
  expires_at: string | null
  last_used_at: string | null
  read_only: boolean
  space_ids: string[] | null
}

let t: TestApp
let root: string
let alice: string
beforeEach(async () => {
  t = await testApp()
  const world = await seedWorld(t.deps, {
    admin: 'root',
    spaces: {
      handbook: { name: 'handbook', members: { alice: 'contributor' } },
      ops: { name: 'ops', members: { alice: 'reader' } },
      secret: { name: 'secret' },
    },
  })
  root = world.token('root')
  alice = world.token('alice')
})
afterEach(() => t.close())

const newToken = async (body: Record<string, unknown>, token = alice) => {
  const response = await t.call('POST', '/me/tokens', { token, body })
  expect(response.status).toBe(201)
  return json<Token>(response)
}

describe('GET /me', () => {
  it('describes the calling account', async () => {
    const response = await t.call('GET', '/me', { token: alice })
    expect(await json(response)).toEqual({
      username: 'alice',
      display_name: 'Alice',
      email: 'alice@example.com',
      locale: null,
      is_superadmin: false,
      is_active: true,
      email_verified: false,
      must_change_password: false,
      has_password: true,
    })
  })

  it('answers 401 unauthenticated without credentials or with an unknown token', async () => {
    for (const token of [undefined, 'qpat_not-a-real-token']) {
      const response = await t.call('GET', '/me', { token })
      expect(response.status).toBe(401)
      expect((await json(response)).error).toBe('unauthenticated')
    }
    const malformed = await t.call('GET', '/me', { headers: { authorization: 'Basic YWxpY2U6eA==' } })
    expect(malformed.status).toBe(401)
  })
})

describe('personal tokens', () => {
  it('returns the secret once, with a recognisable prefix, its last 4 characters as hint', async () => {
    const created = await newToken({ name: 'laptop', days: 30 })
    expect(created.token).toMatch(/^qpat_[A-Za-z0-9_-]{43}$/)
    expect(created.hint).toBe(created.token?.slice(-4))
    expect(created.read_only).toBe(false)
    expect(created.space_ids).toBeNull()
    expect(Date.parse(created.expires_at ?? '') - Date.parse(created.created_at)).toBe(30 * 24 * 3600 * 1000)
    const listed = await json<Token[]>(await t.call('GET', '/me/tokens', { token: alice }))
    const again = listed.find((x) => x.id === created.id)
    expect(again).toMatchObject({ name: 'laptop', hint: created.hint })
    expect(again).not.toHaveProperty('token')
    expect(JSON.stringify(listed)).not.toContain(created.token)
  })

  it.skipIf(onPostgres)('stores only a digest of the secret', async () => {
    const created = await newToken({ name: 'laptop' })
    const rows = t.sqlite.prepare('select * from tokens').all()
    expect(JSON.stringify(rows)).not.toContain(created.token)
  })

  it('leaves expires_at empty for days: null, and expires tokens when their day comes', async () => {
    const forever = await newToken({ name: 'forever', days: null })
    expect(forever.expires_at).toBeNull()
    const short = await newToken({ name: 'short', days: 1 })
    t.clock.advance(24 * 3600 * 1000 + 1)
    expect((await t.call('GET', '/me', { token: short.token })).status).toBe(401)
    expect((await t.call('GET', '/me', { token: forever.token })).status).toBe(200)
  })

  it('keeps last_used_at up to date', async () => {
    const created = await newToken({ name: 'cli' })
    expect(created.last_used_at).toBeNull()
    await t.call('GET', '/me', { token: created.token })
    const first = (await json<Token[]>(await t.call('GET', '/me/tokens', { token: alice }))).find(
      (x) => x.id === created.id,
    )
    expect(first?.last_used_at).toBe(new Date(t.clock.now()).toISOString())
    t.clock.advance(5 * 60_000)
    await t.call('GET', '/me', { token: created.token })
    const later = (await json<Token[]>(await t.call('GET', '/me/tokens', { token: alice }))).find(
      (x) => x.id === created.id,
    )
    expect(later?.last_used_at).toBe(new Date(t.clock.now()).toISOString())
  })

  it('revokes a token (204); revoking another account’s token is 404', async () => {
    const created = await newToken({ name: 'old' })
    const rootToken = await newToken({ name: 'root-cli' }, root)
    expect((await t.call('DELETE', `/me/tokens/${rootToken.id}`, { token: alice })).status).toBe(404)
    expect((await t.call('DELETE', `/me/tokens/${created.id}`, { token: alice })).status).toBe(204)
    expect((await t.call('GET', '/me', { token: created.token })).status).toBe(401)
    expect((await t.call('DELETE', `/me/tokens/${created.id}`, { token: alice })).status).toBe(404)
  })

  it('limits a token to its spaces, and names them as <org>/<space>', async () => {
    const limited = await newToken({ name: 'handbook only', spaces: ['acme/handbook'] })
    expect(limited.space_ids).toEqual(['acme/handbook'])
    const spaces = await json<{ slug: string }[]>(await t.call('GET', '/spaces', { token: limited.token }))
    expect(spaces.map((s) => s.slug)).toEqual(['handbook'])
    expect((await t.call('GET', '/organizations/acme/spaces/ops', { token: limited.token })).status).toBe(404)
    expect(
      (await t.call('GET', '/organizations/acme/spaces/handbook', { token: limited.token })).status,
    ).toBe(200)
  })

  it('covers future spaces when created without a spaces list', async () => {
    const all = await newToken({ name: 'all' })
    await t.call('POST', '/organizations/acme/spaces', {
      token: root,
      body: { slug: 'later', name: 'Later' },
    })
    await t.call('PUT', '/organizations/acme/spaces/later/members/alice', {
      token: root,
      body: { role: 'reader' },
    })
    const spaces = await json<{ slug: string }[]>(await t.call('GET', '/spaces', { token: all.token }))
    expect(spaces.map((s) => s.slug)).toEqual(['handbook', 'later', 'ops'])
  })

  it('refuses spaces the account cannot read, and malformed references (400 invalid)', async () => {
    for (const spaces of [['acme/secret'], ['acme/nope'], ['handbook'], ['acme/handbook/x']]) {
      const response = await t.call('POST', '/me/tokens', { token: alice, body: { name: 'x', spaces } })
      expect(response.status).toBe(400)
      expect((await json(response)).error).toBe('invalid')
    }
  })

  it('read-only tokens read but never write', async () => {
    const reader = await newToken({ name: 'ro', read_only: true })
    expect((await t.call('GET', '/organizations/acme/spaces/handbook', { token: reader.token })).status).toBe(
      200,
    )
    const write = await t.call('PATCH', '/users/alice', { token: reader.token, body: { display_name: 'Al' } })
    expect(write.status).toBe(403)
  })

  it('a restricted token cannot manage the account or administer anything (403)', async () => {
    const limited = await newToken({ name: 'limited', spaces: ['acme/handbook'] })
    const readOnly = await newToken({ name: 'ro', read_only: true })
    const rootLimited = await newToken({ name: 'root limited', read_only: true }, root)
    for (const token of [limited.token, readOnly.token]) {
      expect((await t.call('POST', '/me/tokens', { token, body: { name: 'child' } })).status).toBe(403)
      const password = { current_password: 'alice-password', new_password: 'another password' }
      expect((await t.call('PUT', '/me/password', { token, body: password })).status).toBe(403)
      expect((await t.call('DELETE', `/me/tokens/${limited.id}`, { token })).status).toBe(403)
    }
    const asAdmin = await t.call('POST', '/organizations', {
      token: rootLimited.token,
      body: { slug: 'x', name: 'X' },
    })
    expect(asAdmin.status).toBe(403)
    expect((await json(asAdmin)).error).toBe('forbidden')
    expect((await t.call('GET', '/users', { token: rootLimited.token })).status).toBe(403)
  })

  it('validates the body: name required, days a positive integer or null (422)', async () => {
    for (const body of [
      {},
      { name: 'x', days: 0 },
      { name: 'x', days: 1.5 },
      { name: 'x', days: 'soon' },
      { name: 'x', read_only: 'yes' },
    ]) {
      const response = await t.call('POST', '/me/tokens', { token: alice, body })
      expect(response.status).toBe(422)
      expect(Array.isArray((await json(response)).detail)).toBe(true)
    }
  })
})

describe('PUT /me/password', () => {
  const signIn = async (password: string) => {
    const response = await t.call('POST', '/session', { body: { username: 'alice', password } })
    return sessionCookie(response)
  }

  it('changes the password and revokes every token and every other session', async () => {
    const token = await newToken({ name: 'cli' })
    const mine = await signIn('alice-password')
    const other = await signIn('alice-password')
    const response = await t.call('PUT', '/me/password', {
      headers: { cookie: mine, 'x-requested-with': 'fetch' },
      body: { current_password: 'alice-password', new_password: 'a brand new password' },
    })
    expect(response.status).toBe(204)
    expect((await t.call('GET', '/me', { token: token.token })).status).toBe(401)
    expect((await t.call('GET', '/me', { token: alice })).status).toBe(401)
    expect((await t.call('GET', '/me', { headers: { cookie: other } })).status).toBe(401)
    expect((await t.call('GET', '/me', { headers: { cookie: mine } })).status).toBe(200)
    expect(
      (await t.call('POST', '/session', { body: { username: 'alice', password: 'alice-password' } })).status,
    ).toBe(401)
    expect(
      (await t.call('POST', '/session', { body: { username: 'alice', password: 'a brand new password' } }))
        .status,
    ).toBe(200)
  })

  it('refuses a wrong current password (403) and a too short new one (422)', async () => {
    const wrong = await t.call('PUT', '/me/password', {
      token: alice,
      body: { current_password: 'guess', new_password: 'a brand new password' },
    })
    expect(wrong.status).toBe(403)
    const short = await t.call('PUT', '/me/password', {
      token: alice,
      body: { current_password: 'alice-password', new_password: 'short' },
    })
    expect(short.status).toBe(422)
    expect((await t.call('GET', '/me', { token: alice })).status).toBe(200)
  })
})

describe('GET /vocation-templates', () => {
  type Template = { key: string; label: string; summary: string; text: string }
  const keys = ['infra', 'marketing', 'product', 'client', 'personal', 'family', 'job-search', 'blank']

  it('lists the eight templates in English by default', async () => {
    const list = await json<Template[]>(await t.call('GET', '/vocation-templates', { token: alice }))
    expect(list.map((x) => x.key)).toEqual(keys)
    for (const template of list) {
      expect(template.label).not.toBe('')
      expect(template.summary).not.toBe('')
      expect(template.text).toMatch(/^#/)
      expect(template.text).not.toMatch(/^---/)
    }
    expect(list.find((x) => x.key === 'infra')?.label).toBe('Infrastructure & operations')
  })

  it('speaks French with Accept-Language: fr, and follows the account’s own language first', async () => {
    const fr = await json<Template[]>(
      await t.call('GET', '/vocation-templates', {
        token: alice,
        headers: { 'accept-language': 'fr-FR,fr;q=0.9' },
      }),
    )
    expect(fr.map((x) => x.key)).toEqual(keys)
    expect(fr.find((x) => x.key === 'infra')?.label).toBe('Infrastructure et exploitation')
    await t.call('PATCH', '/users/alice', { token: alice, body: { locale: 'en' } })
    const own = await json<Template[]>(
      await t.call('GET', '/vocation-templates', { token: alice, headers: { 'accept-language': 'fr' } }),
    )
    expect(own.find((x) => x.key === 'infra')?.label).toBe('Infrastructure & operations')
  })

  it('needs an account', async () => {
    expect((await t.call('GET', '/vocation-templates')).status).toBe(401)
  })
})
