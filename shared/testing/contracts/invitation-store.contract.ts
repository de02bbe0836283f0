import { describe, expect, it } from 'vitest'
import type { Invitation, Store } from '../../ports/store.ts'
import { freshStore, type MakeStore, seedAccount, seedOrganization, seedSpace } from './store-fixture.ts'

/**
 * The contract of the InvitationStore port: invitations open until accepted, cancelled or expired,
 * and accepting one gives its roles without lowering any.
 */
export function describeInvitationStoreContract(name: string, makeStore: MakeStore): void {
  describe(`${name}: invitations`, () => {
    const store = freshStore(makeStore)

    /** An organization with two spaces, its admin, and a person to invite. */
    const world = async () => {
      const admin = await seedAccount(store(), 'admin')
      const dana = await seedAccount(store(), 'dana')
      const acme = await seedOrganization(store(), 'acme', admin.id)
      const wiki = await seedSpace(store(), acme.id, 'wiki')
      const docs = await seedSpace(store(), acme.id, 'docs')
      return { admin, dana, acme, wiki, docs }
    }
    const invitation = (orgId: number, invitedBy: number, id: string, extra: Partial<Invitation> = {}) => ({
      id,
      orgId,
      email: 'dana@example.com',
      orgRole: 'member' as const,
      spaces: [],
      tokenHash: `hash-${id}`,
      mailTokenHash: `mail-${id}`,
      invitedBy,
      createdAt: 100,
      expiresAt: 1000,
      acceptedAt: null,
      acceptedBy: null,
      cancelledAt: null,
      ...extra,
    })
    const rolesOf = async (s: Store, orgId: number, accountId: number, spaceIds: number[]) => ({
      org: await s.forOrg(orgId).members.roleOf(accountId),
      spaces: await Promise.all(
        spaceIds.map(async (spaceId) => await s.forOrg(orgId).space(spaceId).members.roleOf(accountId)),
      ),
    })

    it('lists the open invitations of an organization, newest first, with their spaces', async () => {
      const { admin, acme, wiki, docs } = await world()
      const other = await seedOrganization(store(), 'globex', admin.id)
      const offered = invitation(acme.id, admin.id, 'i1', {
        orgRole: 'admin',
        spaces: [
          { spaceId: wiki.id, role: 'contributor' },
          { spaceId: docs.id, role: 'reader' },
        ],
      })
      await store().invitations.create(offered)
      await store().invitations.create(
        invitation(acme.id, admin.id, 'i2', { createdAt: 200, email: 'fox@example.com' }),
      )
      await store().invitations.create(invitation(other.id, admin.id, 'i3'))
      expect(await store().invitations.listPending(acme.id, 500)).toEqual([
        invitation(acme.id, admin.id, 'i2', { createdAt: 200, email: 'fox@example.com' }),
        offered,
      ])
      expect((await store().invitations.listPending(other.id, 500)).map((i) => i.id)).toEqual(['i3'])
    })

    it('leaves out accepted, cancelled and expired invitations', async () => {
      const { admin, dana, acme } = await world()
      await store().invitations.create(invitation(acme.id, admin.id, 'accepted'))
      await store().invitations.create(invitation(acme.id, admin.id, 'cancelled'))
      await store().invitations.create(invitation(acme.id, admin.id, 'expiring', { expiresAt: 500 }))
      await store().invitations.create(invitation(acme.id, admin.id, 'open'))
      expect(await store().invitations.accept('accepted', dana.id, 400)).toBe(true)
      expect(await store().invitations.cancel(acme.id, 'cancelled', 400)).toBe(true)
      expect((await store().invitations.listPending(acme.id, 499)).map((i) => i.id)).toEqual([
        'expiring',
        'open',
      ])
      // Expired at its very end.
      expect((await store().invitations.listPending(acme.id, 500)).map((i) => i.id)).toEqual(['open'])
      for (const id of ['accepted', 'cancelled', 'expiring']) {
        expect(await store().invitations.byTokenHash(`hash-${id}`, 500)).toBeUndefined()
        expect(await store().invitations.byTokenHash(`mail-${id}`, 500)).toBeUndefined()
      }
    })

    it('finds an open invitation by the digest of either of its links, the shown one or the mailed one', async () => {
      const { admin, acme, wiki } = await world()
      const offered = invitation(acme.id, admin.id, 'i1', { spaces: [{ spaceId: wiki.id, role: 'reader' }] })
      await store().invitations.create(offered)
      await store().invitations.create(invitation(acme.id, admin.id, 'i2'))
      expect(await store().invitations.byTokenHash('hash-i1', 500)).toEqual(offered)
      expect(await store().invitations.byTokenHash('mail-i1', 500)).toEqual(offered)
      expect((await store().invitations.byTokenHash('mail-i2', 500))?.id).toBe('i2')
      expect(await store().invitations.byTokenHash('hash-nope', 500)).toBeUndefined()
      // Accepted through one link, it is closed through the other too.
      expect(await store().invitations.accept('i1', admin.id, 500)).toBe(true)
      expect(await store().invitations.byTokenHash('hash-i1', 501)).toBeUndefined()
      expect(await store().invitations.byTokenHash('mail-i1', 501)).toBeUndefined()
    })

    it('refuses a second invitation with the same shown or mailed link', async () => {
      const { admin, acme } = await world()
      await store().invitations.create(invitation(acme.id, admin.id, 'i1'))
      await expect(
        store().invitations.create(invitation(acme.id, admin.id, 'i2', { tokenHash: 'hash-i1' })),
      ).rejects.toThrow()
      await expect(
        store().invitations.create(invitation(acme.id, admin.id, 'i2', { mailTokenHash: 'mail-i1' })),
      ).rejects.toThrow()
      // Any number without links.
      const linkless = { tokenHash: null, mailTokenHash: null }
      await store().invitations.create(invitation(acme.id, admin.id, 'i3', linkless))
      await store().invitations.create(invitation(acme.id, admin.id, 'i4', linkless))
      expect(await store().invitations.listPending(acme.id, 500)).toHaveLength(3)
    })

    it('cancels an open invitation of the organization once, and no other', async () => {
      const { admin, acme } = await world()
      const globex = await seedOrganization(store(), 'globex', admin.id)
      await store().invitations.create(invitation(acme.id, admin.id, 'i1'))
      await store().invitations.create(invitation(acme.id, admin.id, 'old', { expiresAt: 300 }))
      expect(await store().invitations.cancel(globex.id, 'i1', 400)).toBe(false)
      expect(await store().invitations.cancel(acme.id, 'never-was', 400)).toBe(false)
      expect(await store().invitations.cancel(acme.id, 'old', 400)).toBe(false)
      expect(await store().invitations.byTokenHash('hash-i1', 400)).toBeDefined()
      expect(await store().invitations.cancel(acme.id, 'i1', 400)).toBe(true)
      expect(await store().invitations.cancel(acme.id, 'i1', 401)).toBe(false)
      expect(await store().invitations.byTokenHash('hash-i1', 402)).toBeUndefined()
      expect(await store().invitations.accept('i1', admin.id, 402)).toBe(false)
    })

    it('accepts an invitation once, giving its roles on the organization and its spaces', async () => {
      const { admin, dana, acme, wiki, docs } = await world()
      await store().invitations.create(
        invitation(acme.id, admin.id, 'i1', {
          spaces: [
            { spaceId: wiki.id, role: 'contributor' },
            { spaceId: docs.id, role: 'reader' },
          ],
        }),
      )
      expect(await rolesOf(store(), acme.id, dana.id, [wiki.id, docs.id])).toEqual({
        org: null,
        spaces: [null, null],
      })
      expect(await store().invitations.accept('i1', dana.id, 500)).toBe(true)
      expect(await rolesOf(store(), acme.id, dana.id, [wiki.id, docs.id])).toEqual({
        org: 'member',
        spaces: ['contributor', 'reader'],
      })
      expect(await store().invitations.accept('i1', dana.id, 501)).toBe(false)
      expect(await store().invitations.listPending(acme.id, 501)).toEqual([])
      expect(await store().spacesOfAccount(dana.id, false)).toHaveLength(2)
    })

    it('refuses an invitation that expired or never was, giving nothing', async () => {
      const { admin, dana, acme, wiki } = await world()
      await store().invitations.create(
        invitation(acme.id, admin.id, 'i1', { spaces: [{ spaceId: wiki.id, role: 'reader' }] }),
      )
      expect(await store().invitations.accept('i1', dana.id, 1000)).toBe(false)
      expect(await store().invitations.accept('never-was', dana.id, 500)).toBe(false)
      expect(await rolesOf(store(), acme.id, dana.id, [wiki.id])).toEqual({ org: null, spaces: [null] })
    })

    it('never lowers a role the account holds, and raises a lower one', async () => {
      const { admin, dana, acme, wiki, docs } = await world()
      const fox = await seedAccount(store(), 'fox')
      await store().forOrg(acme.id).members.set(fox.id, 'member')
      await store().forOrg(acme.id).space(wiki.id).members.set(fox.id, 'contributor')
      await store().forOrg(acme.id).space(docs.id).members.set(fox.id, 'reader')
      await store().invitations.create(
        invitation(acme.id, admin.id, 'to-fox', {
          orgRole: 'admin',
          spaces: [
            { spaceId: wiki.id, role: 'reader' },
            { spaceId: docs.id, role: 'contributor' },
          ],
        }),
      )
      expect(await store().invitations.accept('to-fox', fox.id, 500)).toBe(true)
      expect(await rolesOf(store(), acme.id, fox.id, [wiki.id, docs.id])).toEqual({
        org: 'admin',
        spaces: ['contributor', 'contributor'],
      })

      // An admin invited as a member stays an admin.
      await store().invitations.create(
        invitation(acme.id, admin.id, 'to-admin', { spaces: [{ spaceId: wiki.id, role: 'reader' }] }),
      )
      expect(await store().invitations.accept('to-admin', admin.id, 500)).toBe(true)
      expect(await rolesOf(store(), acme.id, admin.id, [wiki.id])).toEqual({
        org: 'admin',
        spaces: ['reader'],
      })
      expect(await rolesOf(store(), acme.id, dana.id, [wiki.id])).toEqual({ org: null, spaces: [null] })
    })

    it('skips spaces deleted since, and spaces of another organization', async () => {
      const { admin, dana, acme, wiki, docs } = await world()
      const globex = await seedOrganization(store(), 'globex', admin.id)
      const secret = await seedSpace(store(), globex.id, 'secret')
      await store().invitations.create(
        invitation(acme.id, admin.id, 'i1', {
          spaces: [
            { spaceId: docs.id, role: 'reader' },
            { spaceId: wiki.id, role: 'reader' },
            { spaceId: secret.id, role: 'contributor' },
          ],
        }),
      )
      await store().forOrg(acme.id).spaces.delete(docs.id)
      expect(await store().invitations.accept('i1', dana.id, 500)).toBe(true)
      expect(await rolesOf(store(), acme.id, dana.id, [wiki.id])).toEqual({
        org: 'member',
        spaces: ['reader'],
      })
      expect(await rolesOf(store(), globex.id, dana.id, [secret.id])).toEqual({ org: null, spaces: [null] })
      expect((await store().spacesOfAccount(dana.id, false)).map((s) => s.space.slug)).toEqual(['wiki'])
    })

    it('lets only one of two acceptances at once through', async () => {
      const { admin, dana, acme, wiki } = await world()
      const fox = await seedAccount(store(), 'fox')
      await store().invitations.create(
        invitation(acme.id, admin.id, 'i1', { spaces: [{ spaceId: wiki.id, role: 'reader' }] }),
      )
      const accepted = await Promise.all([
        store().invitations.accept('i1', dana.id, 500),
        store().invitations.accept('i1', fox.id, 500),
      ])
      expect(accepted.filter(Boolean)).toHaveLength(1)
      const roles = [
        await rolesOf(store(), acme.id, dana.id, [wiki.id]),
        await rolesOf(store(), acme.id, fox.id, [wiki.id]),
      ]
      expect(roles.filter((r) => r.org === 'member' && r.spaces[0] === 'reader')).toHaveLength(1)
      expect(roles.filter((r) => r.org === null && r.spaces[0] === null)).toHaveLength(1)
    })

    it('grants an invitation at once: recorded accepted, never open, its roles given', async () => {
      const { admin, dana, acme, wiki } = await world()
      await store().invitations.grant(
        invitation(acme.id, admin.id, 'g1', {
          tokenHash: null,
          mailTokenHash: null,
          orgRole: 'member',
          spaces: [{ spaceId: wiki.id, role: 'contributor' }],
        }),
        dana.id,
        500,
      )
      expect(await rolesOf(store(), acme.id, dana.id, [wiki.id])).toEqual({
        org: 'member',
        spaces: ['contributor'],
      })
      expect(await store().invitations.listPending(acme.id, 500)).toEqual([])
      expect(await store().invitations.accept('g1', admin.id, 501)).toBe(false)
      expect(await store().invitations.cancel(acme.id, 'g1', 501)).toBe(false)
      // Its id is taken: a second invitation by it is refused.
      await expect(store().invitations.create(invitation(acme.id, admin.id, 'g1'))).rejects.toThrow()
    })

    it('grants without lowering a role the account holds', async () => {
      const { admin, acme, wiki } = await world()
      await store().forOrg(acme.id).space(wiki.id).members.set(admin.id, 'contributor')
      await store().invitations.grant(
        invitation(acme.id, admin.id, 'g1', {
          tokenHash: null,
          mailTokenHash: null,
          spaces: [{ spaceId: wiki.id, role: 'reader' }],
        }),
        admin.id,
        500,
      )
      expect(await rolesOf(store(), acme.id, admin.id, [wiki.id])).toEqual({
        org: 'admin',
        spaces: ['contributor'],
      })
    })

    it('forgets the invitations of an organization deleted', async () => {
      const { admin, acme } = await world()
      const empty = await seedOrganization(store(), 'empty', admin.id)
      await store().invitations.create(invitation(empty.id, admin.id, 'i1'))
      await store().invitations.create(invitation(acme.id, admin.id, 'i2'))
      expect(await store().organizations.deleteIfEmpty(empty.id)).toBe(true)
      expect(await store().invitations.byTokenHash('hash-i1', 500)).toBeUndefined()
      expect(await store().invitations.byTokenHash('mail-i1', 500)).toBeUndefined()
      expect(await store().invitations.listPending(empty.id, 500)).toEqual([])
      expect(await store().invitations.byTokenHash('hash-i2', 500)).toBeDefined()
    })
  })
}
