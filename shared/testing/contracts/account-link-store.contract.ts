import { describe, expect, it } from 'vitest'
import type { AccountLink } from '../../ports/store.ts'
import { freshStore, type MakeStore, seedAccount } from './store-fixture.ts'

/** The contract of the AccountLinkStore port: one-time links, used once and only before they expire. */
export function describeAccountLinkStoreContract(name: string, makeStore: MakeStore): void {
  describe(`${name}: one-time links`, () => {
    const store = freshStore(makeStore)
    const link = (accountId: number, id: string, extra: Partial<AccountLink> = {}) => ({
      id,
      purpose: 'verify_email' as const,
      accountId,
      email: 'dana@example.com',
      createdAt: 100,
      expiresAt: 1000,
      ...extra,
    })

    it('shows a usable link without using it, then uses it once', async () => {
      const dana = await seedAccount(store(), 'dana')
      await store().accountLinks.create(link(dana.id, 'l1'))
      const peeked = await store().accountLinks.peek('l1', 'verify_email', 500)
      expect(peeked).toEqual({ ...link(dana.id, 'l1'), usedAt: null })
      expect(await store().accountLinks.peek('l1', 'verify_email', 500)).toEqual(peeked)

      expect(await store().accountLinks.use('l1', 'verify_email', 600)).toEqual({
        ...link(dana.id, 'l1'),
        usedAt: 600,
      })
      expect(await store().accountLinks.use('l1', 'verify_email', 601)).toBeUndefined()
      expect(await store().accountLinks.peek('l1', 'verify_email', 601)).toBeUndefined()
    })

    it('does nothing for a link of another purpose, one that expired, or one that never was', async () => {
      const dana = await seedAccount(store(), 'dana')
      await store().accountLinks.create(link(dana.id, 'reset', { purpose: 'reset_password' }))
      expect(await store().accountLinks.use('reset', 'verify_email', 500)).toBeUndefined()
      expect(await store().accountLinks.peek('reset', 'verify_email', 500)).toBeUndefined()
      // Expired at its very end.
      expect(await store().accountLinks.use('reset', 'reset_password', 1000)).toBeUndefined()
      expect(await store().accountLinks.peek('reset', 'reset_password', 1000)).toBeUndefined()
      expect(await store().accountLinks.use('never-was', 'reset_password', 500)).toBeUndefined()
      // None of these used it.
      expect(await store().accountLinks.use('reset', 'reset_password', 999)).toMatchObject({ usedAt: 999 })
    })

    it('lets only one of two uses at once through', async () => {
      const dana = await seedAccount(store(), 'dana')
      await store().accountLinks.create(link(dana.id, 'l1', { purpose: 'reset_password' }))
      const uses = await Promise.all([
        store().accountLinks.use('l1', 'reset_password', 500),
        store().accountLinks.use('l1', 'reset_password', 500),
        store().accountLinks.use('l1', 'reset_password', 501),
      ])
      expect(uses.filter((used) => used !== undefined)).toHaveLength(1)
    })

    it('revokes the unused links of one account for one purpose, and only those', async () => {
      const dana = await seedAccount(store(), 'dana')
      const fox = await seedAccount(store(), 'fox')
      await store().accountLinks.create(link(dana.id, 'old'))
      await store().accountLinks.create(link(dana.id, 'older'))
      await store().accountLinks.create(link(dana.id, 'reset', { purpose: 'reset_password' }))
      await store().accountLinks.create(link(fox.id, 'fox'))
      await store().accountLinks.revoke(dana.id, 'verify_email', 300)
      expect(await store().accountLinks.peek('old', 'verify_email', 400)).toBeUndefined()
      expect(await store().accountLinks.use('older', 'verify_email', 400)).toBeUndefined()
      expect(await store().accountLinks.peek('reset', 'reset_password', 400)).toBeDefined()
      expect(await store().accountLinks.peek('fox', 'verify_email', 400)).toBeDefined()
      // A link made after the revocation works.
      await store().accountLinks.create(link(dana.id, 'new', { createdAt: 310 }))
      expect(await store().accountLinks.use('new', 'verify_email', 400)).toMatchObject({ usedAt: 400 })
    })

    it('forgets the links that expired before the given time', async () => {
      const dana = await seedAccount(store(), 'dana')
      await store().accountLinks.create(link(dana.id, 'early', { expiresAt: 200 }))
      await store().accountLinks.create(link(dana.id, 'at', { expiresAt: 300 }))
      await store().accountLinks.create(link(dana.id, 'late', { expiresAt: 400 }))
      await store().accountLinks.prune(300)
      // Looked at as if it were earlier: only a link still stored can be found.
      expect(await store().accountLinks.peek('early', 'verify_email', 100)).toBeUndefined()
      expect(await store().accountLinks.peek('at', 'verify_email', 100)).toBeDefined()
      expect(await store().accountLinks.peek('late', 'verify_email', 100)).toBeDefined()
    })

    it('refuses a link for an account that does not exist, or a second link with the same id', async () => {
      const dana = await seedAccount(store(), 'dana')
      await expect(store().accountLinks.create(link(dana.id + 1000, 'orphan'))).rejects.toThrow()
      await store().accountLinks.create(link(dana.id, 'l1'))
      await expect(
        store().accountLinks.create(link(dana.id, 'l1', { email: 'x@example.com' })),
      ).rejects.toThrow()
      expect(await store().accountLinks.peek('l1', 'verify_email', 500)).toMatchObject({
        email: 'dana@example.com',
      })
    })
  })
}
