import { describe, expect, it } from 'vitest'
import { freshStore, type MakeStore, seedAccount } from './store-fixture.ts'

/** The contract of the SessionStore port (web sessions, live until they expire). */
export function describeSessionStoreContract(name: string, makeStore: MakeStore): void {
  describe(`${name}: sessions`, () => {
    const store = freshStore(makeStore)
    const session = (accountId: number, id: string) => ({
      id,
      accountId,
      createdAt: 100,
      expiresAt: 1000,
      lastSeenAt: 100,
    })

    it('finds a live session with its owner', async () => {
      const dana = await seedAccount(store(), 'dana')
      await store().sessions.create(session(dana.id, 's1'))
      expect(await store().sessions.byId('s1', 500)).toEqual({
        session: session(dana.id, 's1'),
        account: dana,
      })
    })

    it('answers undefined for a session that expired or never was', async () => {
      const dana = await seedAccount(store(), 'dana')
      await store().sessions.create(session(dana.id, 's1'))
      expect(await store().sessions.byId('s1', 1001)).toBeUndefined()
      expect(await store().sessions.byId('nope', 500)).toBeUndefined()
    })

    it('extends a session, which then lives past its first expiry', async () => {
      const dana = await seedAccount(store(), 'dana')
      await store().sessions.create(session(dana.id, 's1'))
      await store().sessions.extend('s1', 900, 5000)
      const found = await store().sessions.byId('s1', 2000)
      expect(found?.session).toEqual({ ...session(dana.id, 's1'), lastSeenAt: 900, expiresAt: 5000 })
    })

    it('removes one session, leaving the others', async () => {
      const dana = await seedAccount(store(), 'dana')
      await store().sessions.create(session(dana.id, 's1'))
      await store().sessions.create(session(dana.id, 's2'))
      await store().sessions.remove('s1')
      expect(await store().sessions.byId('s1', 500)).toBeUndefined()
      expect(await store().sessions.byId('s2', 500)).toBeDefined()
      await store().sessions.remove('never-was')
    })
  })
}
