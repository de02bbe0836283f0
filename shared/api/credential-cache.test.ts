import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { json, sessionCookie, type TestApp, type TestInstance, testApp } from '../testing/test-app.ts'

// Credentials are kept in memory once checked: every one of these changes must still be refused on
// the very next request, by the instance that made it and by another on the same database.
let t: TestApp
let other: TestInstance
let root: string
let alice: string
beforeEach(async () => {
  t = await testApp()
  other = await t.twin()
  root = await t.user('root', { superadmin: true })
  alice = await t.user('alice')
})
afterEach(async () => {
  await other.close()
  await t.close()
})

/** GET /me's status on both instances, this one first. */
const me = async (options: { token?: string; headers?: Record<string, string> }) => [
  (await t.call('GET', '/me', options)).status,
  (await other.call('GET', '/me', options)).status,
]

const signIn = async (call: TestApp['call'], password = 'alice-password') =>
  sessionCookie(await call('POST', '/session', { body: { username: 'alice', password } }))

describe('credentials kept in memory', () => {
  it('refuses a revoked token on the next request, in both instances', async () => {
    expect(await me({ token: alice })).toEqual([200, 200])
    const tokens = await json<{ id: string }[]>(await t.call('GET', '/me/tokens', { token: alice }))
    const revoked = await t.call('DELETE', `/me/tokens/${tokens[0]?.id}`, { token: alice })
    expect(revoked.status).toBe(204)
    expect(await me({ token: alice })).toEqual([401, 401])
  })

  it('refuses the tokens and other sessions of an account whose password changed, in both instances', async () => {
    const kept = await signIn(t.call)
    const elsewhere = await signIn(other.call)
    expect(await me({ token: alice })).toEqual([200, 200])
    expect(await me({ headers: { cookie: elsewhere } })).toEqual([200, 200])
    const changed = await other.call('PUT', '/me/password', {
      headers: { cookie: kept, 'x-requested-with': 'fetch' },
      body: { current_password: 'alice-password', new_password: 'a brand new password' },
    })
    expect(changed.status).toBe(204)
    expect(await me({ token: alice })).toEqual([401, 401])
    expect(await me({ headers: { cookie: elsewhere } })).toEqual([401, 401])
    expect(await me({ headers: { cookie: kept } })).toEqual([200, 200])
  })

  it('refuses a deactivated account at once, in both instances, and lets it in again once reactivated', async () => {
    const session = await signIn(t.call)
    expect(await me({ token: alice })).toEqual([200, 200])
    expect(await me({ headers: { cookie: session } })).toEqual([200, 200])
    const off = await t.call('PATCH', '/users/alice', { token: root, body: { is_active: false } })
    expect(off.status).toBe(200)
    expect(await me({ token: alice })).toEqual([401, 401])
    expect(await me({ headers: { cookie: session } })).toEqual([401, 401])
    await other.call('PATCH', '/users/alice', { token: root, body: { is_active: true } })
    // Deactivation ended its tokens and sessions for good; a new sign-in works in either instance.
    expect(await me({ token: alice })).toEqual([401, 401])
    expect(await me({ headers: { cookie: await signIn(other.call) } })).toEqual([200, 200])
  })

  it('answers with the role an account has now, not the one it had when its token was first seen', async () => {
    expect((await other.call('GET', '/users', { token: alice })).status).toBe(403)
    await t.call('PATCH', '/users/alice', { token: root, body: { is_superadmin: true } })
    expect((await other.call('GET', '/users', { token: alice })).status).toBe(200)
    expect((await json(await other.call('GET', '/me', { token: alice }))).is_superadmin).toBe(true)
    await other.call('PATCH', '/users/alice', { token: root, body: { is_superadmin: false } })
    expect((await t.call('GET', '/users', { token: alice })).status).toBe(403)
    expect((await other.call('GET', '/users', { token: alice })).status).toBe(403)
  })

  it('refuses a signed-out session in the other instance on the next request', async () => {
    const session = await signIn(t.call)
    expect(await me({ headers: { cookie: session } })).toEqual([200, 200])
    const out = await t.call('DELETE', '/session', {
      headers: { cookie: session, 'x-requested-with': 'fetch' },
    })
    expect(out.status).toBe(204)
    expect(await me({ headers: { cookie: session } })).toEqual([401, 401])
  })
})

describe('spaces kept in memory with the caller’s roles', () => {
  const space = '/organizations/acme/spaces/wiki'
  /** The status of one request by alice on both instances, this one first. */
  const both = async (method: string, path: string, body?: unknown) => [
    (await t.call(method, path, { token: alice, body })).status,
    (await other.call(method, path, { token: alice, body })).status,
  ]
  beforeEach(async () => {
    await t.call('POST', '/organizations', { token: root, body: { slug: 'acme', name: 'Acme', join: true } })
    await t.call('POST', '/organizations/acme/spaces', { token: root, body: { slug: 'wiki', name: 'Wiki' } })
    await t.call('PUT', `${space}/members/alice`, { token: root, body: { role: 'reader' } })
  })

  it('sees a role given, a member removed and a space changed on the very next request, in both instances', async () => {
    expect(await both('GET', `${space}/tree`)).toEqual([200, 200])
    expect(await both('PUT', `${space}/files/a.md`, { content: '# A\n' })).toEqual([403, 403])

    await other.call('PUT', `${space}/members/alice`, { token: root, body: { role: 'contributor' } })
    expect(
      (await t.call('PUT', `${space}/files/a.md`, { token: alice, body: { content: '# A\n' } })).status,
    ).toBe(201)
    expect(
      (await other.call('PUT', `${space}/files/b.md`, { token: alice, body: { content: '# B\n' } })).status,
    ).toBe(201)

    await t.call('DELETE', `${space}/members/alice`, { token: root })
    expect(await both('GET', `${space}/tree`)).toEqual([404, 404])

    await other.call('PUT', `${space}/members/alice`, { token: root, body: { role: 'reader' } })
    expect(await both('GET', `${space}/tree`)).toEqual([200, 200])
    await t.call('PATCH', space, { token: root, body: { name: 'Handbook' } })
    for (const instance of [t, other])
      expect((await json(await instance.call('GET', space, { token: alice }))).name).toBe('Handbook')
  })

  it('lists a space made or deleted, and one given or taken away, on the very next request, in both instances', async () => {
    const listed = async () =>
      Promise.all(
        [t, other].map(async (instance) =>
          (await json<{ slug: string }[]>(await instance.call('GET', '/spaces', { token: alice }))).map(
            (s) => s.slug,
          ),
        ),
      )
    expect(await listed()).toEqual([['wiki'], ['wiki']])
    await other.call('POST', '/organizations/acme/spaces', {
      token: root,
      body: { slug: 'ops', name: 'Ops' },
    })
    await t.call('PUT', '/organizations/acme/spaces/ops/members/alice', {
      token: root,
      body: { role: 'reader' },
    })
    expect(await listed()).toEqual([
      ['ops', 'wiki'],
      ['ops', 'wiki'],
    ])
    await other.call('DELETE', `${space}/members/alice`, { token: root })
    expect(await listed()).toEqual([['ops'], ['ops']])
    // The superadmin sees every space: one just made is listed at once.
    const all = async () =>
      (await json<{ slug: string }[]>(await t.call('GET', '/spaces', { token: root }))).map((s) => s.slug)
    expect(await all()).toEqual(['ops', 'wiki'])
    await other.call('POST', '/organizations/acme/spaces', {
      token: root,
      body: { slug: 'new', name: 'New' },
    })
    expect(await all()).toEqual(['new', 'ops', 'wiki'])
  })
})
