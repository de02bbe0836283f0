import { describe, expect, it } from 'vitest'
import type { AuthorizationCode, Grant, RefreshToken, Store, StoredClient } from '../../ports/store.ts'
import { freshStore, type MakeStore, seedAccount, seedOrganization, seedSpace } from './store-fixture.ts'

const client = (id: string, extra: Partial<StoredClient> = {}): StoredClient => ({
  id,
  name: `App ${id}`,
  redirectUris: ['https://app.example/cb', 'http://127.0.0.1:3000/cb'],
  authMethod: 'none',
  grantTypes: ['authorization_code', 'refresh_token'],
  responseTypes: ['code'],
  scope: null,
  createdAt: 1_000,
  secretHash: null,
  ...extra,
})

const code = (
  clientId: string,
  accountId: number,
  extra: Partial<AuthorizationCode> = {},
): AuthorizationCode => ({
  hash: 'code-hash',
  clientId,
  accountId,
  redirectUri: 'https://app.example/cb',
  codeChallenge: 'challenge',
  scope: 'read write',
  spaceIds: null,
  expiresAt: 61_000,
  usedAt: null,
  grantId: null,
  ...extra,
})

const grant = (id: string, clientId: string, accountId: number, extra: Partial<Grant> = {}): Grant => ({
  id,
  clientId,
  accountId,
  scope: 'read write',
  spaceIds: null,
  createdAt: 2_000,
  lastUsedAt: null,
  ...extra,
})

const refresh = (hash: string, grantId: string, extra: Partial<RefreshToken> = {}): RefreshToken => ({
  hash,
  grantId,
  createdAt: 2_000,
  expiresAt: 100_000,
  rotatedAt: null,
  ...extra,
})

/** A client, a person's code for it, and that code exchanged for grant `g1` with refresh token `r1`. */
async function redeemed(store: Store, username = 'dana', extra: Partial<Grant> = {}) {
  const dana = await seedAccount(store, username)
  await store.oauth.createClient(client(`c-${username}`))
  await store.oauth.createCode(code(`c-${username}`, dana.id, { hash: `code-${username}` }), 1_500)
  const g = grant(`g-${username}`, `c-${username}`, dana.id, extra)
  expect(await store.oauth.redeemCode(`code-${username}`, 2_000, g, refresh(`r-${username}`, g.id))).toBe(
    true,
  )
  return { dana, grant: g }
}

/** The contract of the OAuthStore port (clients, codes, grants and refresh tokens kept by digest). */
export function describeOAuthStoreContract(name: string, makeStore: MakeStore): void {
  describe(`${name}: OAuth`, () => {
    const store = freshStore(makeStore)

    it('keeps a client with its lists and its secret digest, and knows nothing of another id', async () => {
      const confidential = client('c1', { authMethod: 'client_secret_basic', secretHash: 'h', scope: 'read' })
      await store().oauth.createClient(confidential)
      expect(await store().oauth.client('c1')).toEqual(confidential)
      expect(await store().oauth.client('https://app.example/client.json')).toBeUndefined()
    })

    it('prunes only the clients registered before the cutoff that nobody ever authorized', async () => {
      const dana = await seedAccount(store(), 'dana')
      await store().oauth.createClient(client('old', { createdAt: 1_000 }))
      await store().oauth.createClient(client('used', { createdAt: 1_000 }))
      await store().oauth.createClient(client('new', { createdAt: 9_000 }))
      await store().oauth.createCode(code('used', dana.id), 1_500)
      expect(await store().oauth.pruneUnusedClients(5_000)).toBe(1)
      expect(await store().oauth.client('old')).toBeUndefined()
      expect(await store().oauth.client('used')).toBeDefined()
      expect(await store().oauth.client('new')).toBeDefined()
    })

    it('redeems a code once: the grant and its refresh token exist, the code records both', async () => {
      const { dana, grant: g } = await redeemed(store())
      expect(await store().oauth.code('code-dana')).toMatchObject({ usedAt: 2_000, grantId: g.id })
      const again = grant('g2', 'c-dana', dana.id)
      expect(await store().oauth.redeemCode('code-dana', 3_000, again, refresh('r2', 'g2'))).toBe(false)
      expect(await store().oauth.grant('g2')).toBeUndefined()
      expect(await store().oauth.refreshToken('r2')).toBeUndefined()
      const found = await store().oauth.refreshToken('r-dana')
      expect(found).toMatchObject({ grant: g, clientName: 'App c-dana', token: refresh('r-dana', g.id) })
      expect(found?.account.id).toBe(dana.id)
    })

    it('keeps a grant’s spaces, leaving out one deleted since the consent, an empty list apart from all', async () => {
      const org = await seedOrganization(store(), 'acme')
      const a = await seedSpace(store(), org.id, 'a')
      const gone = await seedSpace(store(), org.id, 'gone')
      await store().forOrg(org.id).spaces.delete(gone.id)
      const { grant: g } = await redeemed(store(), 'dana', { spaceIds: [a.id, gone.id] })
      expect((await store().oauth.grant(g.id))?.grant.spaceIds).toEqual([a.id])
      const { grant: all } = await redeemed(store(), 'fox')
      expect((await store().oauth.grant(all.id))?.grant.spaceIds).toBeNull()
    })

    it('rotates a refresh token once: the old one is marked, the new one is current', async () => {
      const { grant: g } = await redeemed(store())
      expect(await store().oauth.rotateRefreshToken('r-dana', 5_000, refresh('r2', g.id))).toBe(true)
      expect((await store().oauth.refreshToken('r-dana'))?.token.rotatedAt).toBe(5_000)
      expect((await store().oauth.refreshToken('r2'))?.token.rotatedAt).toBeNull()
      expect(await store().oauth.rotateRefreshToken('r-dana', 6_000, refresh('r3', g.id))).toBe(false)
      expect(await store().oauth.refreshToken('r3')).toBeUndefined()
    })

    it('lists an account’s grants newest first with their app names, and deletes only its own', async () => {
      const { dana, grant: g } = await redeemed(store())
      const { grant: foxGrant } = await redeemed(store(), 'fox')
      expect(await store().oauth.grantsOf(dana.id)).toEqual([{ ...g, clientName: 'App c-dana' }])
      expect(await store().oauth.deleteGrant(foxGrant.id, dana.id)).toBe(false)
      expect(await store().oauth.deleteGrant(g.id, dana.id)).toBe(true)
      expect(await store().oauth.grantsOf(dana.id)).toEqual([])
      expect(await store().oauth.refreshToken('r-dana')).toBeUndefined()
      expect(await store().oauth.deleteGrant(foxGrant.id)).toBe(true)
      expect(await store().oauth.deleteGrant(foxGrant.id)).toBe(false)
    })

    it('records when a grant was last used', async () => {
      const { grant: g } = await redeemed(store())
      await store().oauth.touchGrant(g.id, 7_777)
      expect((await store().oauth.grant(g.id))?.grant.lastUsedAt).toBe(7_777)
    })

    it('forgets expired codes and refresh tokens, and keeps the grant', async () => {
      const { grant: g } = await redeemed(store())
      await store().oauth.pruneExpired(200_000)
      expect(await store().oauth.code('code-dana')).toBeUndefined()
      expect(await store().oauth.refreshToken('r-dana')).toBeUndefined()
      expect(await store().oauth.grant(g.id)).toBeDefined()
    })

    it('ends every grant of an account when its password changes or it is deactivated', async () => {
      const { dana, grant: g } = await redeemed(store())
      await store().accounts.changePassword(dana.id, 'new hash', 9_000, null)
      expect(await store().oauth.grant(g.id)).toBeUndefined()
      const { grant: foxGrant, dana: fox } = await redeemed(store(), 'fox')
      await store().accounts.update(fox.id, { isActive: false }, 9_000)
      expect(await store().oauth.grant(foxGrant.id)).toBeUndefined()
    })
  })
}
