import { describe, expect, it } from 'vitest'
import type { SsoAttempt, SsoProvider } from '../../ports/store.ts'
import { freshStore, type MakeStore, seedAccount } from './store-fixture.ts'

/**
 * The contract of the SsoStore port: providers by slug, accounts linked to their subjects, and
 * sign-ins in flight, each taken once.
 */
export function describeSsoStoreContract(name: string, makeStore: MakeStore): void {
  describe(`${name}: single sign-on`, () => {
    const store = freshStore(makeStore)
    const provider = (slug: string, extra: Partial<SsoProvider> = {}): SsoProvider => ({
      slug,
      kind: 'oidc',
      name: `Provider ${slug}`,
      issuer: `https://${slug}.example.com`,
      clientId: `client-${slug}`,
      clientSecretSealed: `sealed-${slug}`,
      autoCreate: false,
      linkByEmail: null,
      allowedDomains: [],
      enabled: true,
      createdAt: 100,
      updatedAt: 100,
      ...extra,
    })
    const attempt = (id: string, providerSlug: string, extra: Partial<SsoAttempt> = {}): SsoAttempt => ({
      id,
      providerSlug,
      nonce: `nonce-${id}`,
      codeVerifier: `verifier-${id}`,
      next: '/acme/wiki',
      createdAt: 100,
      expiresAt: 1000,
      ...extra,
    })

    it('creates providers and reads them back, listed by slug', async () => {
      expect(await store().sso.list()).toEqual([])
      const okta = provider('okta', { allowedDomains: ['example.com', 'example.org'], linkByEmail: false })
      const google = provider('google', {
        kind: 'google',
        autoCreate: true,
        linkByEmail: true,
        enabled: false,
      })
      expect(await store().sso.put(okta)).toBe(true)
      expect(await store().sso.put(google)).toBe(true)
      expect(await store().sso.bySlug('okta')).toEqual(okta)
      expect(await store().sso.bySlug('google')).toEqual(google)
      expect(await store().sso.bySlug('nope')).toBeUndefined()
      expect(await store().sso.list()).toEqual([google, okta])
    })

    it('replaces a provider by its slug, keeping when it was created', async () => {
      await store().sso.put(provider('okta'))
      const changed = provider('okta', {
        name: 'Okta',
        issuer: 'https://login.example.com',
        clientId: 'other',
        clientSecretSealed: 'sealed-again',
        autoCreate: true,
        linkByEmail: true,
        allowedDomains: ['example.com'],
        enabled: false,
        createdAt: 900,
        updatedAt: 900,
      })
      expect(await store().sso.put(changed)).toBe(false)
      expect(await store().sso.bySlug('okta')).toEqual({ ...changed, createdAt: 100 })
      expect(await store().sso.list()).toHaveLength(1)
    })

    it('links an account to a subject of a provider, and finds it by that subject only', async () => {
      const dana = await seedAccount(store(), 'dana')
      await store().sso.put(provider('okta'))
      await store().sso.put(provider('azure', { kind: 'microsoft' }))
      expect(await store().sso.accountOf('okta', 'sub-1')).toBeUndefined()
      await store().sso.link('okta', 'sub-1', dana.id, 200)
      expect(await store().sso.accountOf('okta', 'sub-1')).toEqual(dana)
      expect(await store().sso.accountOf('okta', 'sub-2')).toBeUndefined()
      expect(await store().sso.accountOf('azure', 'sub-1')).toBeUndefined()
      // One account may be linked at several providers.
      await store().sso.link('azure', 'other-sub', dana.id, 200)
      expect(await store().sso.accountOf('azure', 'other-sub')).toEqual(dana)
    })

    it('keeps a subject linked to its first account', async () => {
      const dana = await seedAccount(store(), 'dana')
      const fox = await seedAccount(store(), 'fox')
      await store().sso.put(provider('okta'))
      await store().sso.link('okta', 'sub-1', dana.id, 200)
      await store().sso.link('okta', 'sub-1', fox.id, 300)
      await store().sso.link('okta', 'sub-1', dana.id, 400)
      expect(await store().sso.accountOf('okta', 'sub-1')).toEqual(dana)
    })

    it('answers the linked account as it is now', async () => {
      const dana = await seedAccount(store(), 'dana')
      await store().sso.put(provider('okta'))
      await store().sso.link('okta', 'sub-1', dana.id, 200)
      const changed = await store().accounts.update(dana.id, { displayName: 'Dana', isActive: false }, 300)
      expect(await store().sso.accountOf('okta', 'sub-1')).toEqual(changed)
    })

    it('refuses a link to a provider or an account that does not exist', async () => {
      const dana = await seedAccount(store(), 'dana')
      await store().sso.put(provider('okta'))
      await expect(store().sso.link('nope', 'sub-1', dana.id, 200)).rejects.toThrow()
      await expect(store().sso.link('okta', 'sub-1', dana.id + 1000, 200)).rejects.toThrow()
      expect(await store().sso.accountOf('okta', 'sub-1')).toBeUndefined()
    })

    it('removes a provider with its links and sign-ins in flight, leaving the accounts and other providers', async () => {
      const dana = await seedAccount(store(), 'dana')
      await store().sso.put(provider('okta'))
      await store().sso.put(provider('azure'))
      await store().sso.link('okta', 'sub-1', dana.id, 200)
      await store().sso.link('azure', 'sub-1', dana.id, 200)
      await store().sso.saveAttempt(attempt('a1', 'okta'))
      await store().sso.saveAttempt(attempt('a2', 'azure'))
      expect(await store().sso.remove('okta')).toBe(true)
      expect(await store().sso.remove('okta')).toBe(false)
      expect(await store().sso.bySlug('okta')).toBeUndefined()
      expect(await store().sso.takeAttempt('a1', 500)).toBeUndefined()
      expect(await store().accounts.byId(dana.id)).toEqual(dana)
      expect(await store().sso.accountOf('azure', 'sub-1')).toEqual(dana)
      expect(await store().sso.takeAttempt('a2', 500)).toEqual(attempt('a2', 'azure'))
      // Put back under the same slug, the provider knows none of its old subjects.
      await store().sso.put(provider('okta'))
      expect(await store().sso.accountOf('okta', 'sub-1')).toBeUndefined()
    })

    it('gives a sign-in in flight back once, and only before it expires', async () => {
      await store().sso.put(provider('okta'))
      await store().sso.saveAttempt(attempt('a1', 'okta'))
      await store().sso.saveAttempt(attempt('a2', 'okta', { expiresAt: 500 }))
      expect(await store().sso.takeAttempt('a1', 400)).toEqual(attempt('a1', 'okta'))
      expect(await store().sso.takeAttempt('a1', 400)).toBeUndefined()
      // Expired at its very end.
      expect(await store().sso.takeAttempt('a2', 500)).toBeUndefined()
      expect(await store().sso.takeAttempt('never-was', 400)).toBeUndefined()
    })

    it('gives a sign-in in flight to only one of two callbacks at once', async () => {
      await store().sso.put(provider('okta'))
      await store().sso.saveAttempt(attempt('a1', 'okta'))
      const taken = await Promise.all([
        store().sso.takeAttempt('a1', 400),
        store().sso.takeAttempt('a1', 400),
        store().sso.takeAttempt('a1', 401),
      ])
      expect(taken.filter((found) => found !== undefined)).toEqual([attempt('a1', 'okta')])
    })

    it('refuses a sign-in for a provider that does not exist', async () => {
      await expect(store().sso.saveAttempt(attempt('a1', 'nope'))).rejects.toThrow()
    })

    it('forgets the sign-ins that expired before the given time', async () => {
      await store().sso.put(provider('okta'))
      await store().sso.saveAttempt(attempt('early', 'okta', { expiresAt: 200 }))
      await store().sso.saveAttempt(attempt('at', 'okta', { expiresAt: 300 }))
      await store().sso.saveAttempt(attempt('late', 'okta', { expiresAt: 400 }))
      await store().sso.pruneAttempts(300)
      // Taken as if it were earlier: only an attempt still stored can be.
      expect(await store().sso.takeAttempt('early', 100)).toBeUndefined()
      expect(await store().sso.takeAttempt('at', 100)).toBeDefined()
      expect(await store().sso.takeAttempt('late', 100)).toBeDefined()
    })
  })
}
