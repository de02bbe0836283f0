import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { json, sessionCookie, type TestApp, testApp } from '../testing/test-app.ts'

let t: TestApp
beforeEach(async () => {
  t = await testApp()
  await t.user('alice', { password: 'correct horse battery' })
})
afterEach(() => t.close())

const signIn = (password: string, headers: Record<string, string> = {}) =>
  t.call('POST', '/session', { body: { username: 'alice', password }, headers })

describe('password sign-in', () => {
  it('returns the account and an HttpOnly, SameSite=Lax session cookie that works on API routes', async () => {
    const response = await signIn('correct horse battery')
    expect(response.status).toBe(200)
    expect(await json(response)).toMatchObject({ username: 'alice', is_active: true })
    const header = response.headers.get('set-cookie') ?? ''
    expect(header).toMatch(/HttpOnly/)
    expect(header).toMatch(/SameSite=Lax/)
    expect(header).not.toMatch(/Secure/)
    const me = await t.call('GET', '/me', { headers: { cookie: sessionCookie(response) } })
    expect(me.status).toBe(200)
    expect((await json(me)).username).toBe('alice')
  })

  it('marks the cookie Secure when the base URL is https', async () => {
    const secure = await testApp({ baseUrl: 'https://kb.example.com' })
    try {
      await secure.user('bob', { password: 'bob password 1' })
      const response = await secure.call('POST', '/session', {
        body: { username: 'bob', password: 'bob password 1' },
      })
      expect(response.headers.get('set-cookie')).toMatch(/Secure/)
    } finally {
      await secure.close()
    }
  })

  it('answers 401 unauthenticated for a wrong password or an unknown account, in French on request', async () => {
    const wrong = await signIn('nope', { 'accept-language': 'fr' })
    expect(wrong.status).toBe(401)
    const body = await json(wrong)
    expect(body.error).toBe('unauthenticated')
    expect(body.message).toMatch(/mot de passe/)
    const unknown = await t.call('POST', '/session', { body: { username: 'nobody', password: 'whatever' } })
    expect(unknown.status).toBe(401)
  })

  it('refuses a deactivated account even with the right password', async () => {
    const admin = await t.user('root', { superadmin: true })
    await t.call('PATCH', '/users/alice', { token: admin, body: { is_active: false } })
    expect((await signIn('correct horse battery')).status).toBe(401)
  })

  it('limits failed attempts per account from one address with 429 and Retry-After, in a sliding window', async () => {
    for (let i = 0; i < 10; i++) expect((await signIn(`wrong ${i}`)).status).toBe(401)
    const limited = await signIn('correct horse battery')
    expect(limited.status).toBe(429)
    expect((await json(limited)).error).toBe('too_many_requests')
    const retryAfter = Number(limited.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(15 * 60)
    // The window slides: one attempt frees when the oldest failure is 15 minutes old.
    t.clock.advance((retryAfter - 5) * 1000)
    expect((await signIn('correct horse battery')).status).toBe(429)
    t.clock.advance(6_000)
    expect((await signIn('correct horse battery')).status).toBe(200)
  })

  it('limits failed attempts per client address across accounts', async () => {
    const perIp = await testApp({ clientIp: () => '203.0.113.9' })
    try {
      await perIp.user('carol', { password: 'carol password' })
      for (let i = 0; i < 50; i++) {
        const r = await perIp.call('POST', '/session', { body: { username: `ghost${i % 7}`, password: 'x' } })
        expect(r.status).toBe(401)
      }
      const r = await perIp.call('POST', '/session', {
        body: { username: 'carol', password: 'carol password' },
      })
      expect(r.status).toBe(429)
      expect(r.headers.get('retry-after')).toBeTruthy()
    } finally {
      await perIp.close()
    }
  })

  it('verifies no more wrong passwords than the limit when they arrive at once', async () => {
    const verify = vi.spyOn(t.deps.passwords, 'verify')
    const statuses = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => (await signIn(`wrong ${i}`)).status),
    )
    expect(statuses.filter((s) => s === 401)).toHaveLength(10)
    expect(statuses.filter((s) => s === 429)).toHaveLength(20)
    expect(verify).toHaveBeenCalledTimes(10)
  })

  it('lets the right password in at once after failures it ends (the limit counts failures only)', async () => {
    const statuses = await Promise.all([
      ...Array.from({ length: 5 }, async (_, i) => (await signIn(`wrong ${i}`)).status),
      signIn('correct horse battery').then((r) => r.status),
    ])
    expect(statuses.toSorted()).toEqual([200, 401, 401, 401, 401, 401])
    for (let i = 0; i < 5; i++) expect((await signIn(`wrong again ${i}`)).status).toBe(401)
    expect((await signIn('correct horse battery')).status).toBe(429)
  })

  describe('from several addresses', () => {
    let multi: TestApp
    beforeEach(async () => {
      multi = await testApp({ clientIp: (request) => request.headers.get('x-test-client') ?? 'unknown' })
      await multi.user('carol', { password: 'carol password' })
    })
    afterEach(() => multi.close())
    const from = (address: string, username: string, password: string) =>
      multi.call('POST', '/session', { body: { username, password }, headers: { 'x-test-client': address } })

    it('does not lock the owner out: an address that has not failed signs in', async () => {
      for (let i = 0; i < 12; i++) await from('203.0.113.66', 'carol', `guess ${i}`)
      expect((await from('203.0.113.66', 'carol', 'carol password')).status).toBe(429)
      expect((await from('198.51.100.7', 'carol', 'carol password')).status).toBe(200)
    })

    it('counts the addresses of one IPv6 /64 as one client', async () => {
      for (let i = 0; i < 10; i++)
        expect((await from(`2001:db8:7:1::${(i + 1).toString(16)}`, 'carol', `guess ${i}`)).status).toBe(401)
      expect((await from('2001:db8:7:1:ffff::9', 'carol', 'carol password')).status).toBe(429)
      expect((await from('2001:db8:7:2::1', 'carol', 'carol password')).status).toBe(200)
    })

    it('limits failures per address across accounts without blocking other addresses', async () => {
      for (let i = 0; i < 50; i++) expect((await from('203.0.113.9', `ghost${i % 7}`, 'x')).status).toBe(401)
      expect((await from('203.0.113.9', 'carol', 'carol password')).status).toBe(429)
      expect((await from('198.51.100.7', 'carol', 'carol password')).status).toBe(200)
    })
  })

  it('signs out: the cookie stops working', async () => {
    const cookie = sessionCookie(await signIn('correct horse battery'))
    const out = await t.call('DELETE', '/session', { headers: { cookie, 'x-requested-with': 'fetch' } })
    expect(out.status).toBe(204)
    expect(out.headers.get('set-cookie')).toMatch(/quire_session=;/)
    expect((await t.call('GET', '/me', { headers: { cookie } })).status).toBe(401)
  })
})

describe('cookie sessions and cross-site requests', () => {
  let cookie: string
  beforeEach(async () => {
    cookie = sessionCookie(await signIn('correct horse battery'))
  })

  it('refuses an unsafe method without a same-site Origin or X-Requested-With (403)', async () => {
    const body = { name: 'laptop' }
    const bare = await t.call('POST', '/me/tokens', { body, headers: { cookie } })
    expect(bare.status).toBe(403)
    expect((await json(bare)).error).toBe('forbidden')
    const foreign = await t.call('POST', '/me/tokens', {
      body,
      headers: { cookie, origin: 'https://evil.example' },
    })
    expect(foreign.status).toBe(403)
  })

  it('accepts an unsafe method with X-Requested-With or the same origin', async () => {
    const withHeader = await t.call('POST', '/me/tokens', {
      body: { name: 'laptop' },
      headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
    })
    expect(withHeader.status).toBe(201)
    const sameOrigin = await t.call('POST', '/me/tokens', {
      body: { name: 'phone' },
      headers: { cookie, origin: 'http://localhost' },
    })
    expect(sameOrigin.status).toBe(201)
  })

  it('takes its own origin from its configuration, never from the Host header (403)', async () => {
    // A page on another name that resolves to this server (DNS rebinding) sends its own Host and Origin.
    const forged = await t.app.request('http://rebound.example/api/v1/me/tokens', {
      method: 'POST',
      headers: { cookie, origin: 'http://rebound.example', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'stolen' }),
    })
    expect(forged.status).toBe(403)
    expect((await json(forged)).error).toBe('forbidden')
  })

  it('expires a session left unused for two weeks', async () => {
    t.clock.advance(15 * 24 * 3600 * 1000)
    expect((await t.call('GET', '/me', { headers: { cookie } })).status).toBe(401)
  })
})
