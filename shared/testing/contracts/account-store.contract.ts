import { describe, expect, it } from 'vitest'
import type { Token } from '../../ports/store.ts'
import { freshStore, type MakeStore, seedAccount } from './store-fixture.ts'

const DAY = 86_400_000

/** The contract of the AccountStore port, with the revocations its changes promise. */
export function describeAccountStoreContract(name: string, makeStore: MakeStore): void {
  describe(`${name}: accounts`, () => {
    const store = freshStore(makeStore)

    const tokenOf = async (accountId: number, id: string): Promise<Token> =>
      await store().tokens.create({
        id,
        accountId,
        name: id,
        hint: id.slice(0, 4),
        readOnly: false,
        spaceIds: null,
        createdAt: 1,
        expiresAt: null,
        lastUsedAt: null,
        secretHash: `hash-${id}`,
      })
    const sessionOf = async (accountId: number, id: string) =>
      await store().sessions.create({ id, accountId, createdAt: 1, expiresAt: DAY, lastSeenAt: 1 })

    it('starts empty', async () => {
      expect(await store().accounts.count()).toBe(0)
      expect(await store().accounts.list()).toEqual([])
      expect(await store().accounts.countActiveSuperadmins()).toBe(0)
    })

    it('creates an active account and reads it back by id and by username', async () => {
      const created = await store().accounts.create({
        username: 'dana',
        displayName: 'Dana Scully',
        email: 'dana@example.com',
        locale: 'fr',
        isSuperadmin: true,
        passwordHash: 'argon-hash',
        createdAt: 1234,
      })
      expect(created).toMatchObject({
        username: 'dana',
        displayName: 'Dana Scully',
        email: 'dana@example.com',
        locale: 'fr',
        isSuperadmin: true,
        isActive: true,
        passwordHash: 'argon-hash',
        createdAt: 1234,
      })
      expect(await store().accounts.byId(created!.id)).toEqual(created)
      expect(await store().accounts.byUsername('dana')).toEqual(created)
      expect(await store().accounts.count()).toBe(1)
      expect(await store().accounts.list()).toEqual([created])
    })

    it('answers undefined for an account that does not exist', async () => {
      const dana = await seedAccount(store(), 'dana')
      expect(await store().accounts.byId(dana.id + 1000)).toBeUndefined()
      expect(await store().accounts.byUsername('fox')).toBeUndefined()
    })

    it('refuses a second account with a taken username, keeping the first as it was', async () => {
      const dana = await seedAccount(store(), 'dana', { email: 'first@example.com' })
      const again = await store().accounts.create({
        username: 'dana',
        displayName: 'Impostor',
        email: 'second@example.com',
        locale: null,
        isSuperadmin: true,
        passwordHash: null,
        createdAt: 5,
      })
      expect(again).toBeUndefined()
      expect(await store().accounts.count()).toBe(1)
      expect(await store().accounts.byUsername('dana')).toEqual(dana)
    })

    it('gives every account its own id and lists them all', async () => {
      const names = ['carol', 'alice', 'bob']
      const ids = []
      for (const username of names) ids.push((await seedAccount(store(), username)).id)
      expect(new Set(ids).size).toBe(3)
      const listed = await store().accounts.list()
      expect(listed.map((a) => a.username).sort()).toEqual(['alice', 'bob', 'carol'])
      expect(await store().accounts.count()).toBe(3)
    })

    it('applies changes and returns the account as changed, leaving other fields and accounts alone', async () => {
      const dana = await seedAccount(store(), 'dana')
      const fox = await seedAccount(store(), 'fox')
      const changed = await store().accounts.update(
        dana.id,
        { displayName: 'Dana K. Scully', email: 'scully@example.com', locale: 'en', isSuperadmin: true },
        10,
      )
      expect(changed).toEqual({
        ...dana,
        displayName: 'Dana K. Scully',
        email: 'scully@example.com',
        locale: 'en',
        isSuperadmin: true,
      })
      expect(await store().accounts.byId(dana.id)).toEqual(changed)
      expect(await store().accounts.byId(fox.id)).toEqual(fox)
    })

    it('returns the account as it is for a change of nothing', async () => {
      const dana = await seedAccount(store(), 'dana')
      expect(await store().accounts.update(dana.id, {}, 10)).toEqual(dana)
      expect(await store().accounts.update(dana.id, { displayName: undefined }, 10)).toEqual(dana)
    })

    it('counts only the superadmins that are active', async () => {
      await seedAccount(store(), 'root', { isSuperadmin: true })
      const old = await seedAccount(store(), 'old-root', { isSuperadmin: true })
      await seedAccount(store(), 'dana')
      expect(await store().accounts.countActiveSuperadmins()).toBe(2)
      await store().accounts.update(old.id, { isActive: false }, 10)
      expect(await store().accounts.countActiveSuperadmins()).toBe(1)
    })

    it('refuses a change that would leave no active super admin, and changes nothing', async () => {
      const root = await seedAccount(store(), 'root', { isSuperadmin: true })
      const second = await seedAccount(store(), 'second', { isSuperadmin: true })
      await store().accounts.update(second.id, { isSuperadmin: false }, 10)
      await expect(store().accounts.update(root.id, { isActive: false }, 11)).rejects.toMatchObject({
        reason: 'last_superadmin',
      })
      await expect(store().accounts.update(root.id, { isSuperadmin: false }, 12)).rejects.toMatchObject({
        reason: 'last_superadmin',
      })
      expect(await store().accounts.byId(root.id)).toMatchObject({ isSuperadmin: true, isActive: true })
      // Other changes to the last one are fine.
      expect(await store().accounts.update(root.id, { displayName: 'Root' }, 13)).toMatchObject({
        displayName: 'Root',
      })
    })

    it('revokes every token and session of an account it deactivates, and only of that account', async () => {
      const dana = await seedAccount(store(), 'dana')
      const fox = await seedAccount(store(), 'fox')
      await tokenOf(dana.id, 'dana-token')
      await sessionOf(dana.id, 'dana-session')
      await tokenOf(fox.id, 'fox-token')
      await sessionOf(fox.id, 'fox-session')

      const deactivated = await store().accounts.update(dana.id, { isActive: false }, 10)
      expect(deactivated.isActive).toBe(false)
      expect(await store().tokens.listActive(dana.id)).toEqual([])
      expect(await store().tokens.byHash('hash-dana-token')).toBeUndefined()
      expect(await store().sessions.byId('dana-session', 10)).toBeUndefined()

      expect((await store().tokens.listActive(fox.id)).map((t) => t.id)).toEqual(['fox-token'])
      expect(await store().sessions.byId('fox-session', 10)).toBeDefined()
    })

    it('keeps tokens and sessions when other fields change', async () => {
      const dana = await seedAccount(store(), 'dana')
      await tokenOf(dana.id, 'dana-token')
      await sessionOf(dana.id, 'dana-session')
      await store().accounts.update(dana.id, { displayName: 'D.' }, 10)
      expect(await store().tokens.byHash('hash-dana-token')).toBeDefined()
      expect(await store().sessions.byId('dana-session', 10)).toBeDefined()
    })

    it('changes a password, revoking every token and every session but the one kept', async () => {
      const dana = await seedAccount(store(), 'dana', { passwordHash: 'old' })
      const fox = await seedAccount(store(), 'fox')
      await tokenOf(dana.id, 'dana-token')
      await sessionOf(dana.id, 'here')
      await sessionOf(dana.id, 'elsewhere')
      await sessionOf(fox.id, 'fox-session')

      await store().accounts.changePassword(dana.id, 'new', 10, 'here')
      expect((await store().accounts.byId(dana.id))?.passwordHash).toBe('new')
      expect(await store().tokens.listActive(dana.id)).toEqual([])
      expect(await store().sessions.byId('here', 10)).toBeDefined()
      expect(await store().sessions.byId('elsewhere', 10)).toBeUndefined()
      expect(await store().sessions.byId('fox-session', 10)).toBeDefined()
    })

    it('creates an account unverified and free to keep its password unless told otherwise', async () => {
      const dana = await seedAccount(store(), 'dana')
      expect(dana).toMatchObject({ emailVerified: false, mustChangePassword: false })
      const fox = await store().accounts.create({
        username: 'fox',
        displayName: 'Fox',
        email: 'fox@example.com',
        locale: null,
        isSuperadmin: false,
        passwordHash: null,
        createdAt: 1,
        emailVerified: true,
        mustChangePassword: true,
      })
      expect(fox).toMatchObject({ emailVerified: true, mustChangePassword: true })
      expect(await store().accounts.byId(fox!.id)).toEqual(fox)
    })

    it('marks a password chosen by someone else to be changed, and a change by the person clears it', async () => {
      const dana = await seedAccount(store(), 'dana', { passwordHash: 'old' })
      await store().accounts.changePassword(dana.id, 'set-by-admin', 10, null, true)
      expect(await store().accounts.byId(dana.id)).toMatchObject({
        passwordHash: 'set-by-admin',
        mustChangePassword: true,
      })
      await store().accounts.changePassword(dana.id, 'chosen', 11, null)
      expect(await store().accounts.byId(dana.id)).toMatchObject({
        passwordHash: 'chosen',
        mustChangePassword: false,
      })
    })

    it('finds accounts by a verified address without case, active or not, oldest first', async () => {
      const dana = await seedAccount(store(), 'dana', { email: 'Shared@Example.com' })
      const fox = await seedAccount(store(), 'fox', { email: 'shared@example.COM' })
      const walter = await seedAccount(store(), 'walter', { email: 'shared@example.com' })
      await seedAccount(store(), 'alex', { email: 'other@example.com' })
      await store().accounts.update(walter.id, { emailVerified: true }, 10)
      await store().accounts.update(dana.id, { emailVerified: true, isActive: false }, 10)
      await store().accounts.update(fox.id, { emailVerified: true }, 10)
      const found = await store().accounts.byVerifiedEmail('SHARED@example.com')
      expect(found.map((a) => a.username)).toEqual(['dana', 'fox', 'walter'])
      expect(found[0]).toMatchObject({ isActive: false, emailVerified: true })
    })

    it('finds every account holding an address, verified or not, active or not, oldest first', async () => {
      const dana = await seedAccount(store(), 'dana', { email: 'Shared@Example.com' })
      await seedAccount(store(), 'fox', { email: 'shared@example.COM' })
      await seedAccount(store(), 'alex', { email: 'other@example.com' })
      await store().accounts.update(dana.id, { emailVerified: true, isActive: false }, 10)
      const found = await store().accounts.byEmail(' shared@example.com ')
      expect(found.map((a) => [a.username, a.emailVerified, a.isActive])).toEqual([
        ['dana', true, false],
        ['fox', false, true],
      ])
      expect(await store().accounts.byEmail('nobody@example.com')).toEqual([])
    })

    it('leaves out accounts whose address is not verified', async () => {
      const dana = await seedAccount(store(), 'dana', { email: 'dana@example.com' })
      expect(await store().accounts.byVerifiedEmail('dana@example.com')).toEqual([])
      const verified = await store().accounts.update(dana.id, { emailVerified: true }, 10)
      expect(await store().accounts.byVerifiedEmail('dana@example.com')).toEqual([verified])
      await store().accounts.update(dana.id, { emailVerified: false }, 11)
      expect(await store().accounts.byVerifiedEmail('dana@example.com')).toEqual([])
      expect(await store().accounts.byVerifiedEmail('nobody@example.com')).toEqual([])
    })

    it('keeps no session at all when none is named', async () => {
      const dana = await seedAccount(store(), 'dana')
      await sessionOf(dana.id, 'here')
      await store().accounts.changePassword(dana.id, 'new', 10, null)
      expect(await store().sessions.byId('here', 10)).toBeUndefined()
    })
  })
}
