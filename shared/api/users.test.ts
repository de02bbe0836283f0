import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { json, sessionCookie, type TestApp, testApp } from '../testing/test-app.ts'

type Account = {
  username: string
  display_name: string
  email: string
  locale: string | null
  is_superadmin: boolean
  is_active: boolean
  email_verified: boolean
  must_change_password: boolean
}

let t: TestApp
let root: string
let alice: string
beforeEach(async () => {
  t = await testApp()
  root = await t.user('root', { superadmin: true })
  alice = await t.user('alice')
})
afterEach(() => t.close())

describe('accounts (super admin)', () => {
  it('lists every account for the super admin, 403 for anyone else', async () => {
    const list = await json<Account[]>(await t.call('GET', '/users', { token: root }))
    expect(list.map((a) => a.username)).toEqual(['alice', 'root'])
    const refused = await t.call('GET', '/users', { token: alice })
    expect(refused.status).toBe(403)
    expect((await json(refused)).error).toBe('forbidden')
  })

  it('creates an account that can sign in at once (201)', async () => {
    const response = await t.call('POST', '/users', {
      token: root,
      body: {
        username: 'Bob',
        display_name: 'Bob Martin',
        password: 'bob secret pass',
        email: 'bob@example.com',
        is_superadmin: false,
      },
    })
    expect(response.status).toBe(201)
    expect(await json(response)).toEqual({
      username: 'bob',
      display_name: 'Bob Martin',
      email: 'bob@example.com',
      locale: null,
      is_superadmin: false,
      is_active: true,
      email_verified: false,
      must_change_password: false,
      has_password: true,
    })
    expect(
      (await t.call('POST', '/session', { body: { username: 'bob', password: 'bob secret pass' } })).status,
    ).toBe(200)
  })

  it('refuses a taken username (409), an unusable one (400), a malformed body (422), and non-admins (403)', async () => {
    const taken = await t.call('POST', '/users', {
      token: root,
      body: { username: 'ALICE', password: 'long enough' },
    })
    expect(taken.status).toBe(409)
    expect((await json(taken)).error).toBe('conflict')
    const bad = await t.call('POST', '/users', {
      token: root,
      body: { username: 'a b', password: 'long enough' },
    })
    expect(bad.status).toBe(400)
    expect((await json(bad)).error).toBe('invalid')
    for (const body of [
      { username: 'x' },
      { username: 'x', password: 'short' },
      { username: 'x', password: 'long enough', email: 'no' },
    ]) {
      const response = await t.call('POST', '/users', { token: root, body })
      expect(response.status).toBe(422)
    }
    expect(
      (await t.call('POST', '/users', { token: alice, body: { username: 'y', password: 'long enough' } }))
        .status,
    ).toBe(403)
    expect((await json<Account[]>(await t.call('GET', '/users', { token: root }))).length).toBe(2)
  })
})

describe('PATCH /users/{username}', () => {
  it('lets anyone change their own name and language', async () => {
    const response = await t.call('PATCH', '/users/alice', {
      token: alice,
      body: { display_name: 'Alice Liddell', locale: 'fr' },
    })
    expect(response.status).toBe(200)
    expect(await json(response)).toMatchObject({
      display_name: 'Alice Liddell',
      locale: 'fr',
      email: 'alice@example.com',
    })
  })

  it('keeps e-mail, activity, super admin rights and other people’s accounts for the super admin (403)', async () => {
    for (const body of [
      { email: 'new@example.com' },
      { is_active: false },
      { is_superadmin: true },
      { display_name: 'X', email: 'x@example.com' },
    ]) {
      const response = await t.call('PATCH', '/users/alice', { token: alice, body })
      expect(response.status).toBe(403)
    }
    expect(
      (await t.call('PATCH', '/users/root', { token: alice, body: { display_name: 'Hacked' } })).status,
    ).toBe(403)
    expect(
      (await t.call('PATCH', '/users/ghost', { token: alice, body: { display_name: 'Boo' } })).status,
    ).toBe(403)
    const me = await json<Account>(await t.call('GET', '/me', { token: alice }))
    expect(me).toMatchObject({ email: 'alice@example.com', is_superadmin: false, display_name: 'Alice' })
  })

  it('lets the super admin change any field; a new address is unverified; 404 for an unknown account', async () => {
    await t.deps.store.accounts.update(
      await t.idOf('account', 'alice'),
      { emailVerified: true },
      t.clock.now(),
    )
    const response = await t.call('PATCH', '/users/alice', {
      token: root,
      body: { email: 'alice@corp.example', is_superadmin: true, display_name: 'A.' },
    })
    expect(await json(response)).toMatchObject({
      email: 'alice@corp.example',
      email_verified: false,
      is_superadmin: true,
      display_name: 'A.',
    })
    const listed = await json<Account[]>(await t.call('GET', '/users', { token: root }))
    expect(listed.find((a) => a.username === 'alice')).toMatchObject({ email_verified: false })
    expect(
      (await t.call('PATCH', '/users/ghost', { token: root, body: { display_name: 'Boo' } })).status,
    ).toBe(404)
  })

  it('deactivating an account revokes its tokens and sessions', async () => {
    const signIn = await t.call('POST', '/session', {
      body: { username: 'alice', password: 'alice-password' },
    })
    const cookie = sessionCookie(signIn)
    const response = await t.call('PATCH', '/users/alice', { token: root, body: { is_active: false } })
    expect(await json(response)).toMatchObject({ is_active: false })
    expect((await t.call('GET', '/me', { token: alice })).status).toBe(401)
    expect((await t.call('GET', '/me', { headers: { cookie } })).status).toBe(401)
    // Reactivating does not bring revoked tokens back.
    await t.call('PATCH', '/users/alice', { token: root, body: { is_active: true } })
    expect((await t.call('GET', '/me', { token: alice })).status).toBe(401)
  })

  it('keeps at least one active super admin (400)', async () => {
    for (const body of [{ is_active: false }, { is_superadmin: false }]) {
      const response = await t.call('PATCH', '/users/root', { token: root, body })
      expect(response.status).toBe(400)
      expect((await json(response)).error).toBe('invalid')
    }
    await t.call('PATCH', '/users/alice', { token: root, body: { is_superadmin: true } })
    expect(
      (await t.call('PATCH', '/users/root', { token: root, body: { is_superadmin: false } })).status,
    ).toBe(200)
  })
})
