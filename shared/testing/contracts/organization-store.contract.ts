import { describe, expect, it } from 'vitest'
import { freshStore, type MakeStore, seedAccount, seedOrganization, seedSpace } from './store-fixture.ts'

/**
 * The contract of the OrganizationStore port and of the Store's queries across organizations
 * (spaces of an account, spaces by id, with a remote, with a scheduled tidy-up) and its extracts.
 */
export function describeOrganizationStoreContract(name: string, makeStore: MakeStore): void {
  describe(`${name}: organizations`, () => {
    const store = freshStore(makeStore)

    it('creates an organization with its admin, and reads it back by slug', async () => {
      const dana = await seedAccount(store(), 'dana')
      const created = await store().organizations.create(
        { slug: 'acme', name: 'Acme', description: 'Rockets', createdAt: 42 },
        dana.id,
      )
      expect(created).toMatchObject({ slug: 'acme', name: 'Acme', description: 'Rockets', createdAt: 42 })
      expect(await store().organizations.bySlug('acme')).toEqual(created)
      expect(await store().organizations.list()).toEqual([created])
      expect(await store().organizations.ofAccount(dana.id)).toEqual([
        { organization: created, role: 'admin' },
      ])
      expect(await store().forOrg(created!.id).members.roleOf(dana.id)).toBe('admin')
    })

    it('creates an organization with no member when no admin is given', async () => {
      const org = await seedOrganization(store(), 'acme')
      expect(await store().forOrg(org.id).members.list()).toEqual([])
    })

    it('answers undefined for an unknown slug', async () => {
      await seedOrganization(store(), 'acme')
      expect(await store().organizations.bySlug('globex')).toBeUndefined()
    })

    it('refuses a second organization with a taken slug', async () => {
      const first = await seedOrganization(store(), 'acme')
      const again = await store().organizations.create(
        { slug: 'acme', name: 'Other', description: '', createdAt: 1 },
        null,
      )
      expect(again).toBeUndefined()
      expect(await store().organizations.list()).toEqual([first])
    })

    it('lists the organizations an account belongs to, with its role in each', async () => {
      const dana = await seedAccount(store(), 'dana')
      const acme = await seedOrganization(store(), 'acme', dana.id)
      const globex = await seedOrganization(store(), 'globex')
      await seedOrganization(store(), 'initech')
      await store().forOrg(globex.id).members.set(dana.id, 'member')
      const mine = await store().organizations.ofAccount(dana.id)
      expect(mine.map((m) => [m.organization.id, m.role]).sort()).toEqual(
        [
          [acme.id, 'admin'],
          [globex.id, 'member'],
        ].sort(),
      )
    })

    it('updates the name and description, returning the organization as changed', async () => {
      const org = await seedOrganization(store(), 'acme')
      const changed = await store().organizations.update(org.id, { name: 'Acme Corp', description: 'New' })
      expect(changed).toEqual({ ...org, name: 'Acme Corp', description: 'New' })
      expect(await store().organizations.bySlug('acme')).toEqual(changed)
    })

    it('returns the organization as it is for a change of nothing', async () => {
      const org = await seedOrganization(store(), 'acme')
      expect(await store().organizations.update(org.id, {})).toEqual(org)
      expect(await store().organizations.update(org.id, { name: undefined })).toEqual(org)
    })

    it('deletes an organization only once it has no space left', async () => {
      const org = await seedOrganization(store(), 'acme')
      const space = await seedSpace(store(), org.id, 'wiki')
      expect(await store().organizations.deleteIfEmpty(org.id)).toBe(false)
      expect(await store().organizations.bySlug('acme')).toBeDefined()
      await store().forOrg(org.id).spaces.delete(space.id)
      expect(await store().organizations.deleteIfEmpty(org.id)).toBe(true)
      expect(await store().organizations.bySlug('acme')).toBeUndefined()
    })
  })

  describe(`${name}: spaces across organizations`, () => {
    const store = freshStore(makeStore)

    it('finds a space and its organization by id, and nothing once it is deleted', async () => {
      const org = await seedOrganization(store(), 'acme')
      const space = await seedSpace(store(), org.id, 'wiki')
      expect(await store().spaceById(space.id)).toEqual({ space, organization: org })
      await store().forOrg(org.id).spaces.delete(space.id)
      expect(await store().spaceById(space.id)).toBeUndefined()
    })

    it('lists the spaces where an account holds a role or administers the organization', async () => {
      const dana = await seedAccount(store(), 'dana')
      const acme = await seedOrganization(store(), 'acme', dana.id)
      const globex = await seedOrganization(store(), 'globex')
      const wiki = await seedSpace(store(), acme.id, 'wiki')
      const ops = await seedSpace(store(), globex.id, 'ops')
      await seedSpace(store(), globex.id, 'hr')
      await store().forOrg(globex.id).space(ops.id).members.set(dana.id, 'contributor')

      const mine = await store().spacesOfAccount(dana.id, false)
      expect(mine.map((m) => m.space.id).sort()).toEqual([wiki.id, ops.id].sort())
      const inWiki = mine.find((m) => m.space.id === wiki.id)
      expect(inWiki).toEqual({ space: wiki, organization: acme, orgRole: 'admin', spaceRole: null })
      const inOps = mine.find((m) => m.space.id === ops.id)
      expect(inOps).toEqual({ space: ops, organization: globex, orgRole: 'member', spaceRole: 'contributor' })
    })

    it('finds a space by both slugs with the account’s roles there, and nothing for a slug of another organization', async () => {
      const dana = await seedAccount(store(), 'dana')
      const ann = await seedAccount(store(), 'ann')
      const acme = await seedOrganization(store(), 'acme', dana.id)
      const globex = await seedOrganization(store(), 'globex')
      const wiki = await seedSpace(store(), acme.id, 'wiki')
      const ops = await seedSpace(store(), globex.id, 'ops')
      await store().forOrg(globex.id).space(ops.id).members.set(ann.id, 'reader')
      expect(await store().spaceBySlugs('acme', 'wiki', dana.id)).toEqual({
        space: wiki,
        organization: acme,
        orgRole: 'admin',
        spaceRole: null,
      })
      expect(await store().spaceBySlugs('globex', 'ops', ann.id)).toEqual({
        space: ops,
        organization: globex,
        orgRole: 'member',
        spaceRole: 'reader',
      })
      expect(await store().spaceBySlugs('globex', 'ops', dana.id)).toMatchObject({
        orgRole: null,
        spaceRole: null,
      })
      expect(await store().spaceBySlugs('acme', 'ops', ann.id)).toBeUndefined()
      expect(await store().spaceBySlugs('nowhere', 'wiki', dana.id)).toBeUndefined()
    })

    it('lists every space when asked for everything, with the account’s roles where it has some', async () => {
      const dana = await seedAccount(store(), 'dana')
      const acme = await seedOrganization(store(), 'acme')
      const globex = await seedOrganization(store(), 'globex')
      await seedSpace(store(), acme.id, 'wiki')
      await seedSpace(store(), globex.id, 'ops')
      const all = await store().spacesOfAccount(dana.id, true)
      expect(all.map((m) => m.space.slug).sort()).toEqual(['ops', 'wiki'])
      expect(all.every((m) => m.orgRole === null && m.spaceRole === null)).toBe(true)
    })

    it('lists only the spaces with a remote, with their sync times (null before a first sync)', async () => {
      const org = await seedOrganization(store(), 'acme')
      await seedSpace(store(), org.id, 'local')
      const never = await seedSpace(store(), org.id, 'never', { repoUrl: 'https://git.example.com/a.git' })
      const synced = await seedSpace(store(), org.id, 'synced', { repoUrl: 'https://git.example.com/b.git' })
      await store().forOrg(org.id).space(synced.id).git.update({ lastSyncAt: 100, retryAt: 200 })

      const remote = await store().spacesWithRemote()
      expect(remote.map((r) => r.space.id).sort()).toEqual([never.id, synced.id].sort())
      expect(remote.find((r) => r.space.id === never.id)?.sync).toEqual({ lastSyncAt: null, retryAt: null })
      expect(remote.find((r) => r.space.id === synced.id)?.sync).toEqual({ lastSyncAt: 100, retryAt: 200 })
    })

    it('lists the spaces whose tidy-up is enabled, with their settings', async () => {
      const org = await seedOrganization(store(), 'acme')
      const on = await seedSpace(store(), org.id, 'on')
      const off = await seedSpace(store(), org.id, 'off')
      await seedSpace(store(), org.id, 'untouched')
      const settings = await store()
        .forOrg(org.id)
        .space(on.id)
        .tidy.updateSettings({ enabled: true, time: '05:30' })
      await store().forOrg(org.id).space(off.id).tidy.updateSettings({ enabled: false })
      expect(await store().tidySchedules()).toEqual([{ space: on, settings }])
    })
  })

  describe(`${name}: extracts`, () => {
    const store = freshStore(makeStore)

    it('keeps a text or an error by blob id, the latest one winning', async () => {
      expect(await store().extracts.get('blob1')).toBeUndefined()
      await store().extracts.put('blob1', { text: 'hello', error: null }, 1)
      await store().extracts.put('blob2', { text: null, error: 'unreadable' }, 1)
      expect(await store().extracts.get('blob1')).toEqual({ text: 'hello', error: null })
      expect(await store().extracts.get('blob2')).toEqual({ text: null, error: 'unreadable' })
      await store().extracts.put('blob2', { text: 'second try', error: null }, 2)
      expect(await store().extracts.get('blob2')).toEqual({ text: 'second try', error: null })
    })
  })
}
