import { describe, expect, it } from 'vitest'
import { describeOrgSpaceDataContract } from './org-space-data.contract.ts'
import {
  expectRefused,
  freshStore,
  type MakeStore,
  seedAccount,
  seedOrganization,
  seedSpace,
  seedTwoTenants,
} from './store-fixture.ts'

/**
 * The contract of the OrgStore port (`store.forOrg(org)`): members and spaces of one organization,
 * the data of its spaces, and that nothing of another organization is seen, changed or deleted
 * through it.
 */
export function describeOrgStoreContract(name: string, makeStore: MakeStore): void {
  describe(`${name}: an organization's members and spaces`, () => {
    const store = freshStore(makeStore)

    it('adds a member, changes its role, and lists members with their names', async () => {
      const org = await seedOrganization(store(), 'acme')
      const dana = await seedAccount(store(), 'dana')
      const scope = store().forOrg(org.id)
      expect(await scope.members.roleOf(dana.id)).toBeNull()
      await scope.members.set(dana.id, 'member')
      expect(await scope.members.roleOf(dana.id)).toBe('member')
      await scope.members.set(dana.id, 'admin')
      expect(await scope.members.roleOf(dana.id)).toBe('admin')
      expect(await scope.members.list()).toEqual([
        { accountId: dana.id, username: 'dana', displayName: 'dana', role: 'admin' },
      ])
    })

    it('removes a member from the organization and from all its spaces', async () => {
      const org = await seedOrganization(store(), 'acme')
      const dana = await seedAccount(store(), 'dana')
      const fox = await seedAccount(store(), 'fox')
      const wiki = await seedSpace(store(), org.id, 'wiki')
      const scope = store().forOrg(org.id)
      await scope.space(wiki.id).members.set(dana.id, 'contributor')
      await scope.space(wiki.id).members.set(fox.id, 'reader')
      expect(await scope.members.remove(dana.id)).toBe(true)
      expect(await scope.members.roleOf(dana.id)).toBeNull()
      expect(await scope.space(wiki.id).members.roleOf(dana.id)).toBeNull()
      expect((await scope.space(wiki.id).members.list()).map((m) => m.accountId)).toEqual([fox.id])
      expect(await scope.members.remove(dana.id)).toBe(false)
    })

    it('creates spaces and finds them by slug', async () => {
      const org = await seedOrganization(store(), 'acme')
      const scope = store().forOrg(org.id)
      const wiki = await scope.spaces.create({
        slug: 'wiki',
        name: 'Wiki',
        description: 'Everything',
        repoUrl: 'https://git.example.com/wiki.git',
        branch: 'trunk',
        reviewEvery: '90d',
        createdAt: 7,
      })
      expect(wiki).toMatchObject({
        orgId: org.id,
        slug: 'wiki',
        name: 'Wiki',
        description: 'Everything',
        repoUrl: 'https://git.example.com/wiki.git',
        branch: 'trunk',
        reviewEvery: '90d',
        createdAt: 7,
      })
      const ops = await seedSpace(store(), org.id, 'ops')
      expect(await scope.spaces.bySlug('wiki')).toEqual(wiki)
      expect(await scope.spaces.bySlug('nope')).toBeUndefined()
      expect((await scope.spaces.list()).map((s) => s.id).sort()).toEqual([wiki!.id, ops.id].sort())
    })

    it('refuses a taken slug in the organization, but not in another one', async () => {
      const { acme, globex } = await seedTwoTenants(store())
      const again = await store().forOrg(acme.id).spaces.create({
        slug: 'wiki',
        name: 'Other',
        description: '',
        repoUrl: '',
        branch: 'main',
        reviewEvery: '',
        createdAt: 1,
      })
      expect(again).toBeUndefined()
      expect(await store().forOrg(acme.id).spaces.list()).toHaveLength(1)
      const twin = await seedSpace(store(), globex.id, 'wiki')
      expect(twin.orgId).toBe(globex.id)
    })

    it('updates a space, returning it as changed', async () => {
      const org = await seedOrganization(store(), 'acme')
      const wiki = await seedSpace(store(), org.id, 'wiki')
      const changes = {
        name: 'The wiki',
        description: 'd',
        repoUrl: 'https://x/y.git',
        branch: 'b',
        reviewEvery: '1y',
      }
      const changed = await store().forOrg(org.id).spaces.update(wiki.id, changes)
      expect(changed).toEqual({ ...wiki, ...changes })
      expect(await store().forOrg(org.id).spaces.bySlug('wiki')).toEqual(changed)
    })

    it('returns a space as it is for a change of nothing', async () => {
      const org = await seedOrganization(store(), 'acme')
      const wiki = await seedSpace(store(), org.id, 'wiki')
      expect(await store().forOrg(org.id).spaces.update(wiki.id, {})).toEqual(wiki)
      expect(await store().forOrg(org.id).spaces.update(wiki.id, { name: undefined })).toEqual(wiki)
    })

    it('deletes a space', async () => {
      const org = await seedOrganization(store(), 'acme')
      const wiki = await seedSpace(store(), org.id, 'wiki')
      const ops = await seedSpace(store(), org.id, 'ops')
      await store().forOrg(org.id).spaces.delete(wiki.id)
      expect(await store().forOrg(org.id).spaces.bySlug('wiki')).toBeUndefined()
      expect(await store().forOrg(org.id).spaces.list()).toEqual([ops])
    })

    it('adds a space member, making a newcomer a member of the organization, and changes its role', async () => {
      const org = await seedOrganization(store(), 'acme')
      const dana = await seedAccount(store(), 'dana')
      const wiki = await seedSpace(store(), org.id, 'wiki')
      const scope = store().forOrg(org.id)
      expect(await scope.space(wiki.id).members.roleOf(dana.id)).toBeNull()
      await scope.space(wiki.id).members.set(dana.id, 'reader')
      expect(await scope.space(wiki.id).members.roleOf(dana.id)).toBe('reader')
      expect(await scope.members.roleOf(dana.id)).toBe('member')
      await scope.space(wiki.id).members.set(dana.id, 'contributor')
      expect(await scope.space(wiki.id).members.list()).toEqual([
        { accountId: dana.id, username: 'dana', displayName: 'dana', role: 'contributor' },
      ])
    })

    it('keeps an organization admin an admin when adding it to a space', async () => {
      const dana = await seedAccount(store(), 'dana')
      const org = await seedOrganization(store(), 'acme', dana.id)
      const wiki = await seedSpace(store(), org.id, 'wiki')
      await store().forOrg(org.id).space(wiki.id).members.set(dana.id, 'reader')
      expect(await store().forOrg(org.id).members.roleOf(dana.id)).toBe('admin')
    })

    it('removes a space member, leaving it in the organization; false when it was not one', async () => {
      const org = await seedOrganization(store(), 'acme')
      const dana = await seedAccount(store(), 'dana')
      const wiki = await seedSpace(store(), org.id, 'wiki')
      const scope = store().forOrg(org.id)
      await scope.space(wiki.id).members.set(dana.id, 'reader')
      expect(await scope.space(wiki.id).members.remove(dana.id)).toBe(true)
      expect(await scope.space(wiki.id).members.roleOf(dana.id)).toBeNull()
      expect(await scope.members.roleOf(dana.id)).toBe('member')
      expect(await scope.space(wiki.id).members.remove(dana.id)).toBe(false)
    })
  })

  describe(`${name}: one organization's store refuses another's members and spaces`, () => {
    const store = freshStore(makeStore)

    it('does not see the other organization’s spaces or members', async () => {
      const { acme, globex, wiki } = await seedTwoTenants(store())
      const dana = await seedAccount(store(), 'dana')
      await store().forOrg(acme.id).space(wiki.id).members.set(dana.id, 'contributor')
      const other = store().forOrg(globex.id)
      expect((await other.spaces.list()).map((s) => s.slug)).toEqual(['secret'])
      expect(await other.spaces.bySlug('wiki')).toBeUndefined()
      expect(await other.members.list()).toEqual([])
      expect(await other.members.roleOf(dana.id)).toBeNull()
      await expectRefused(() => other.space(wiki.id).members.list())
      await expectRefused(() => other.space(wiki.id).members.roleOf(dana.id))
    })

    it('neither changes nor deletes the other organization’s space', async () => {
      const { globex, wiki } = await seedTwoTenants(store())
      const other = store().forOrg(globex.id)
      await expectRefused(() => other.spaces.update(wiki.id, { name: 'Taken over' }))
      await expectRefused(() => other.spaces.delete(wiki.id))
      expect(await store().spaceById(wiki.id)).toMatchObject({ space: wiki })
    })

    it('neither adds nor removes members of the other organization’s space', async () => {
      const { acme, globex, wiki } = await seedTwoTenants(store())
      const dana = await seedAccount(store(), 'dana')
      const fox = await seedAccount(store(), 'fox')
      const mine = store().forOrg(acme.id)
      await mine.space(wiki.id).members.set(dana.id, 'reader')
      const other = store().forOrg(globex.id)
      await expectRefused(() => other.space(wiki.id).members.set(fox.id, 'contributor'))
      await expectRefused(() => other.space(wiki.id).members.remove(dana.id))
      await expectRefused(() => other.space(wiki.id).members.set(dana.id, 'contributor'))
      expect(await mine.space(wiki.id).members.roleOf(fox.id)).toBeNull()
      expect(await mine.members.roleOf(fox.id)).toBeNull()
      expect(await mine.space(wiki.id).members.roleOf(dana.id)).toBe('reader')
    })

    it('removes a member only from its own organization and spaces', async () => {
      const { acme, globex, wiki, secret } = await seedTwoTenants(store())
      const dana = await seedAccount(store(), 'dana')
      await store().forOrg(acme.id).space(wiki.id).members.set(dana.id, 'reader')
      await store().forOrg(globex.id).space(secret.id).members.set(dana.id, 'reader')
      expect(await store().forOrg(globex.id).members.remove(dana.id)).toBe(true)
      expect(await store().forOrg(acme.id).members.roleOf(dana.id)).toBe('member')
      expect(await store().forOrg(acme.id).space(wiki.id).members.roleOf(dana.id)).toBe('reader')
      expect(await store().forOrg(globex.id).members.remove(dana.id)).toBe(false)
    })
  })

  describeOrgSpaceDataContract(name, makeStore)
}
