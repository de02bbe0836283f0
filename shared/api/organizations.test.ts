import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { seedWorld } from '../testing/builders/seed-world.ts'
import { json, type TestApp, testApp } from '../testing/test-app.ts'

type Org = { slug: string; name: string; description: string; role: string }

let t: TestApp
let root: string
let alice: string
let bob: string
beforeEach(async () => {
  t = await testApp()
  const world = await seedWorld(t.deps, {
    org: { description: 'Rockets' },
    admin: 'alice',
    members: ['bob'],
    spaces: {},
  })
  root = world.token('root')
  alice = world.token('alice')
  bob = world.token('bob')
})
afterEach(() => t.close())

describe('organizations', () => {
  it('creates one (super admin, 201); with join the creator becomes its admin', async () => {
    const response = await t.call('POST', '/organizations', {
      token: root,
      body: { slug: 'globex', name: 'Globex', join: true },
    })
    expect(response.status).toBe(201)
    expect(await json(response)).toEqual({ slug: 'globex', name: 'Globex', description: '', role: 'admin' })
    const members = await json<{ username: string; role: string }[]>(
      await t.call('GET', '/organizations/globex/members', { token: root }),
    )
    expect(members).toEqual([{ username: 'root', display_name: 'Root', role: 'admin' }])
    const quiet = await t.call('POST', '/organizations', {
      token: root,
      body: { slug: 'initech', name: 'Initech' },
    })
    expect(quiet.status).toBe(201)
    expect(await json(await t.call('GET', '/organizations/initech/members', { token: root }))).toEqual([])
  })

  it('refuses non-super-admins (403), a taken slug (409) and an unusable one (400)', async () => {
    expect(
      (await t.call('POST', '/organizations', { token: alice, body: { slug: 'mine', name: 'Mine' } })).status,
    ).toBe(403)
    expect(
      (await t.call('POST', '/organizations', { token: root, body: { slug: 'acme', name: 'Again' } })).status,
    ).toBe(409)
    for (const slug of ['Acme Inc', '-acme', 'a/b', 'x'.repeat(64)]) {
      const response = await t.call('POST', '/organizations', { token: root, body: { slug, name: 'X' } })
      expect([400, 422]).toContain(response.status)
    }
    const upper = await t.call('POST', '/organizations', { token: root, body: { slug: 'ACME2', name: 'X' } })
    expect(upper.status).toBe(400)
    expect((await json(upper)).error).toBe('invalid')
  })

  it('lists the organizations the caller can see, with its role', async () => {
    await t.call('POST', '/organizations', { token: root, body: { slug: 'globex', name: 'Globex' } })
    const forAlice = await json<Org[]>(await t.call('GET', '/organizations', { token: alice }))
    expect(forAlice).toEqual([{ slug: 'acme', name: 'Acme', description: 'Rockets', role: 'admin' }])
    const forBob = await json<Org[]>(await t.call('GET', '/organizations', { token: bob }))
    expect(forBob.map((o) => [o.slug, o.role])).toEqual([['acme', 'member']])
    const forRoot = await json<Org[]>(await t.call('GET', '/organizations', { token: root }))
    expect(forRoot.map((o) => o.slug)).toEqual(['acme', 'globex'])
  })

  it('hides organizations from non-members (404, like one that does not exist)', async () => {
    const carol = await t.user('carol')
    const hidden = await t.call('GET', '/organizations/acme', { token: carol })
    const missing = await t.call('GET', '/organizations/nowhere', { token: carol })
    expect(hidden.status).toBe(404)
    expect(await json(hidden)).toEqual(await json(missing))
    expect((await t.call('GET', '/organizations/acme/members', { token: carol })).status).toBe(404)
    expect(
      (await t.call('PATCH', '/organizations/acme', { token: carol, body: { name: 'Mine' } })).status,
    ).toBe(404)
  })

  it('shows details to members and lets admins rename (members get 403)', async () => {
    const details = await json(await t.call('GET', '/organizations/acme', { token: bob }))
    expect(details).toMatchObject({ slug: 'acme', name: 'Acme', role: 'member' })
    expect(typeof details.created_at).toBe('string')
    expect(
      (await t.call('PATCH', '/organizations/acme', { token: bob, body: { name: 'Mine' } })).status,
    ).toBe(403)
    const renamed = await t.call('PATCH', '/organizations/acme', {
      token: alice,
      body: { name: 'Acme Corp' },
    })
    expect(await json(renamed)).toMatchObject({ name: 'Acme Corp', description: 'Rockets' })
  })

  it('deletes an organization only once it has no space (400 before, 204 after; super admin only)', async () => {
    await t.call('POST', '/organizations/acme/spaces', { token: alice, body: { slug: 'wiki', name: 'Wiki' } })
    expect((await t.call('DELETE', '/organizations/acme', { token: alice })).status).toBe(403)
    // One they cannot see, or that does not exist, is not found, as GET and PATCH say.
    const outsider = await t.user('olga')
    expect((await t.call('DELETE', '/organizations/acme', { token: outsider })).status).toBe(404)
    expect((await t.call('DELETE', '/organizations/nowhere', { token: alice })).status).toBe(404)
    const refused = await t.call('DELETE', '/organizations/acme', {
      token: root,
      headers: { 'accept-language': 'fr' },
    })
    expect(refused.status).toBe(400)
    expect(await json(refused)).toMatchObject({ error: 'invalid', message: expect.stringMatching(/espaces/) })
    await t.call('DELETE', '/organizations/acme/spaces/wiki', { token: alice })
    expect((await t.call('DELETE', '/organizations/acme', { token: root })).status).toBe(204)
    expect((await t.call('GET', '/organizations/acme', { token: root })).status).toBe(404)
  })
})

describe('organization members', () => {
  it('adds a member, changes the role and removes them (admin)', async () => {
    const carol = await t.user('carol')
    const added = await t.call('PUT', '/organizations/acme/members/carol', {
      token: alice,
      body: { role: 'member' },
    })
    expect(await json(added)).toEqual({ username: 'carol', display_name: 'Carol', role: 'member' })
    expect((await t.call('GET', '/organizations/acme', { token: carol })).status).toBe(200)
    await t.call('PUT', '/organizations/acme/members/carol', { token: alice, body: { role: 'admin' } })
    const members = await json<{ username: string; role: string }[]>(
      await t.call('GET', '/organizations/acme/members', { token: bob }),
    )
    expect(members.map((m) => `${m.username}:${m.role}`)).toEqual([
      'alice:admin',
      'bob:member',
      'carol:admin',
    ])
    expect((await t.call('DELETE', '/organizations/acme/members/carol', { token: alice })).status).toBe(204)
    expect((await t.call('GET', '/organizations/acme', { token: carol })).status).toBe(404)
  })

  it('refuses members (403), unknown accounts (404) and unknown roles (422)', async () => {
    expect(
      (await t.call('PUT', '/organizations/acme/members/root', { token: bob, body: { role: 'admin' } }))
        .status,
    ).toBe(403)
    expect(
      (await t.call('PUT', '/organizations/acme/members/ghost', { token: alice, body: { role: 'member' } }))
        .status,
    ).toBe(404)
    expect(
      (await t.call('PUT', '/organizations/acme/members/bob', { token: alice, body: { role: 'owner' } }))
        .status,
    ).toBe(422)
    expect((await t.call('DELETE', '/organizations/acme/members/ghost', { token: alice })).status).toBe(404)
  })

  it('removing someone from the organization also removes them from its spaces', async () => {
    await t.call('POST', '/organizations/acme/spaces', { token: alice, body: { slug: 'wiki', name: 'Wiki' } })
    await t.call('PUT', '/organizations/acme/spaces/wiki/members/bob', {
      token: alice,
      body: { role: 'contributor' },
    })
    expect((await t.call('GET', '/organizations/acme/spaces/wiki', { token: bob })).status).toBe(200)
    await t.call('DELETE', '/organizations/acme/members/bob', { token: alice })
    await t.call('PUT', '/organizations/acme/members/bob', { token: alice, body: { role: 'member' } })
    expect((await t.call('GET', '/organizations/acme/spaces/wiki', { token: bob })).status).toBe(404)
  })
})
