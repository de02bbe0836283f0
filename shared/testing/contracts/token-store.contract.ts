import { describe, expect, it } from 'vitest'
import type { Token } from '../../ports/store.ts'
import { freshStore, type MakeStore, seedAccount, seedOrganization, seedSpace } from './store-fixture.ts'

const token = (
  accountId: number,
  id: string,
  extra: Partial<Token> = {},
): Token & { secretHash: string } => ({
  id,
  accountId,
  name: `token ${id}`,
  hint: 'qk_ab',
  readOnly: false,
  spaceIds: null,
  createdAt: 100,
  expiresAt: null,
  lastUsedAt: null,
  secretHash: `hash-${id}`,
  ...extra,
})

/** The contract of the TokenStore port (personal tokens kept by the digest of their secret). */
export function describeTokenStoreContract(name: string, makeStore: MakeStore): void {
  describe(`${name}: tokens`, () => {
    const store = freshStore(makeStore)

    it('creates a token, returning it without its digest, and finds it by that digest with its owner', async () => {
      const dana = await seedAccount(store(), 'dana')
      const created = await store().tokens.create(
        token(dana.id, 't1', { readOnly: true, expiresAt: 5000, name: 'CI' }),
      )
      const { secretHash: _hash, ...visible } = token(dana.id, 't1', {
        readOnly: true,
        expiresAt: 5000,
        name: 'CI',
      })
      expect(created).toEqual(visible)
      expect(created).not.toHaveProperty('secretHash')
      const found = await store().tokens.byHash('hash-t1')
      expect(found?.token).toEqual(visible)
      expect(found?.account).toEqual(dana)
      expect(await store().tokens.listActive(dana.id)).toEqual([visible])
    })

    it('answers undefined for an unknown digest', async () => {
      const dana = await seedAccount(store(), 'dana')
      await store().tokens.create(token(dana.id, 't1'))
      expect(await store().tokens.byHash('hash-nope')).toBeUndefined()
    })

    it('keeps the spaces a token is restricted to, an empty list apart from every space', async () => {
      const dana = await seedAccount(store(), 'dana')
      const org = await seedOrganization(store(), 'acme')
      const a = await seedSpace(store(), org.id, 'a')
      const b = await seedSpace(store(), org.id, 'b')
      await store().tokens.create(token(dana.id, 'some', { spaceIds: [a.id, b.id] }))
      await store().tokens.create(token(dana.id, 'none', { spaceIds: [] }))
      await store().tokens.create(token(dana.id, 'all', { spaceIds: null }))
      expect((await store().tokens.byHash('hash-some'))?.token.spaceIds?.sort()).toEqual([a.id, b.id].sort())
      expect((await store().tokens.byHash('hash-none'))?.token.spaceIds).toEqual([])
      expect((await store().tokens.byHash('hash-all'))?.token.spaceIds).toBeNull()
    })

    it('keeps a token restricted when the space it was restricted to is deleted', async () => {
      const dana = await seedAccount(store(), 'dana')
      const org = await seedOrganization(store(), 'acme')
      const gone = await seedSpace(store(), org.id, 'gone')
      await store().tokens.create(token(dana.id, 't1', { spaceIds: [gone.id] }))
      await store().forOrg(org.id).spaces.delete(gone.id)
      const spaceIds = (await store().tokens.byHash('hash-t1'))?.token.spaceIds
      expect(spaceIds).not.toBeNull()
      expect(spaceIds).not.toContain(gone.id)
    })

    it('lists an account’s active tokens newest first, and none of another account’s', async () => {
      const dana = await seedAccount(store(), 'dana')
      const fox = await seedAccount(store(), 'fox')
      await store().tokens.create(token(dana.id, 'middle', { createdAt: 200 }))
      await store().tokens.create(token(dana.id, 'newest', { createdAt: 300 }))
      await store().tokens.create(token(dana.id, 'oldest', { createdAt: 100 }))
      await store().tokens.create(token(fox.id, 'fox', { createdAt: 250 }))
      expect((await store().tokens.listActive(dana.id)).map((t) => t.id)).toEqual([
        'newest',
        'middle',
        'oldest',
      ])
      expect((await store().tokens.listActive(fox.id)).map((t) => t.id)).toEqual(['fox'])
    })

    it('revokes a token once: it is then neither listed nor found', async () => {
      const dana = await seedAccount(store(), 'dana')
      await store().tokens.create(token(dana.id, 't1'))
      await store().tokens.create(token(dana.id, 't2'))
      expect(await store().tokens.revoke(dana.id, 't1', 500)).toBe(true)
      expect(await store().tokens.byHash('hash-t1')).toBeUndefined()
      expect((await store().tokens.listActive(dana.id)).map((t) => t.id)).toEqual(['t2'])
      expect(await store().tokens.revoke(dana.id, 't1', 600)).toBe(false)
      expect(await store().tokens.revoke(dana.id, 'unknown', 600)).toBe(false)
    })

    it('refuses to revoke another account’s token', async () => {
      const dana = await seedAccount(store(), 'dana')
      const fox = await seedAccount(store(), 'fox')
      await store().tokens.create(token(dana.id, 't1'))
      expect(await store().tokens.revoke(fox.id, 't1', 500)).toBe(false)
      expect(await store().tokens.byHash('hash-t1')).toBeDefined()
    })

    it('records when a token was last used', async () => {
      const dana = await seedAccount(store(), 'dana')
      await store().tokens.create(token(dana.id, 't1'))
      await store().tokens.touch('t1', 777)
      expect((await store().tokens.byHash('hash-t1'))?.token.lastUsedAt).toBe(777)
      await store().tokens.touch('t1', 888)
      expect((await store().tokens.listActive(dana.id))[0]?.lastUsedAt).toBe(888)
    })
  })
}
