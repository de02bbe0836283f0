import type {
  AuthorizationCode,
  Grant,
  GrantWithOwner,
  OAuthStore,
  RefreshToken,
  StoredClient,
} from '../../ports/store.ts'
import type { Sync } from '../../ports/sync.ts'
import { memoryPort } from './memory-port.ts'
import {
  byBinary,
  dropGrant,
  fields,
  type MemoryTables,
  mustBeNew,
  mustRefer,
  pick,
  spaceList,
} from './memory-tables.ts'

const CLIENT = fields<StoredClient>({
  id: true,
  name: true,
  redirectUris: true,
  authMethod: true,
  grantTypes: true,
  responseTypes: true,
  scope: true,
  createdAt: true,
  secretHash: true,
})

const CODE = fields<AuthorizationCode>({
  hash: true,
  clientId: true,
  accountId: true,
  redirectUri: true,
  codeChallenge: true,
  scope: true,
  spaceIds: true,
  expiresAt: true,
  usedAt: true,
  grantId: true,
})

const GRANT = fields<Grant>({
  id: true,
  clientId: true,
  accountId: true,
  scope: true,
  spaceIds: true,
  createdAt: true,
  lastUsedAt: true,
})

const REFRESH = fields<RefreshToken>({
  hash: true,
  grantId: true,
  createdAt: true,
  expiresAt: true,
  rotatedAt: true,
})

/** OAuth clients, codes, grants and refresh tokens in memory; as in SQLite, secrets as digests only. */
export function memoryOAuth(tables: MemoryTables): OAuthStore {
  const withOwner = (grantId: string): GrantWithOwner | undefined => {
    const grant = tables.oauthGrants.get(grantId)
    const client = grant && tables.oauthClients.get(grant.clientId)
    const account = grant && tables.accounts.get(grant.accountId)
    return grant && client && account && { grant, clientName: client.name, account }
  }
  /** Deletes a client with its codes and grants. */
  const dropClient = (id: string) => {
    tables.oauthClients.delete(id)
    for (const [hash, code] of tables.oauthCodes) if (code.clientId === id) tables.oauthCodes.delete(hash)
    for (const [grantId, grant] of tables.oauthGrants) if (grant.clientId === id) dropGrant(tables, grantId)
  }
  const mustBeNewRefresh = (hash: string) =>
    mustBeNew(tables.oauthRefreshTokens.has(hash), 'oauth_refresh_tokens.hash')

  const store: Sync<OAuthStore> = {
    createClient: (client) => {
      mustBeNew(tables.oauthClients.has(client.id), 'oauth_clients.id')
      tables.oauthClients.set(client.id, { ...pick(client, CLIENT), authorizedAt: null })
    },
    client: (id) => {
      const row = tables.oauthClients.get(id)
      return row && pick(row, CLIENT)
    },
    pruneUnusedClients: (before) => {
      const unused = [...tables.oauthClients.values()].filter(
        (client) => client.createdAt < before && client.authorizedAt === null,
      )
      for (const client of unused) dropClient(client.id)
      return unused.length
    },
    createCode: (code, now) => {
      const client = tables.oauthClients.get(code.clientId)
      mustRefer(client !== undefined, 'oauth_codes.client_id')
      mustRefer(tables.accounts.has(code.accountId), 'oauth_codes.account_id')
      mustBeNew(tables.oauthCodes.has(code.hash), 'oauth_codes.hash')
      tables.oauthCodes.set(code.hash, pick(code, CODE))
      if (client && client.authorizedAt === null) client.authorizedAt = now
    },
    code: (hash) => tables.oauthCodes.get(hash),
    redeemCode: (hash, now, grant, refresh) => {
      const code = tables.oauthCodes.get(hash)
      if (!code || code.usedAt !== null) return false
      // Checked before anything is written: a refused exchange leaves the code unused.
      mustRefer(tables.oauthClients.has(grant.clientId), 'oauth_grants.client_id')
      mustRefer(tables.accounts.has(grant.accountId), 'oauth_grants.account_id')
      mustBeNew(tables.oauthGrants.has(grant.id), 'oauth_grants.id')
      mustRefer(
        refresh.grantId === grant.id || tables.oauthGrants.has(refresh.grantId),
        'oauth_refresh_tokens.grant_id',
      )
      mustBeNewRefresh(refresh.hash)
      Object.assign(code, { usedAt: now, grantId: grant.id })
      tables.oauthGrants.set(grant.id, {
        ...pick(grant, GRANT),
        // A space deleted since the consent is simply left out.
        spaceIds: grant.spaceIds && spaceList(grant.spaceIds.filter((id) => tables.spaces.has(id))),
      })
      tables.oauthRefreshTokens.set(refresh.hash, pick(refresh, REFRESH))
      return true
    },
    refreshToken: (hash) => {
      const token = tables.oauthRefreshTokens.get(hash)
      const owned = token && withOwner(token.grantId)
      return owned && { ...owned, token }
    },
    rotateRefreshToken: (hash, now, next) => {
      const token = tables.oauthRefreshTokens.get(hash)
      if (!token || token.rotatedAt !== null) return false
      mustRefer(tables.oauthGrants.has(next.grantId), 'oauth_refresh_tokens.grant_id')
      mustBeNewRefresh(next.hash)
      token.rotatedAt = now
      tables.oauthRefreshTokens.set(next.hash, pick(next, REFRESH))
      return true
    },
    grant: withOwner,
    grantsOf: (accountId) =>
      [...tables.oauthGrants.values()]
        .filter((grant) => grant.accountId === accountId)
        .sort((a, b) => b.createdAt - a.createdAt || byBinary(b.id, a.id))
        .flatMap((grant) => {
          const client = tables.oauthClients.get(grant.clientId)
          return client ? [{ ...grant, clientName: client.name }] : []
        }),
    deleteGrant: (id, accountId) => {
      const grant = tables.oauthGrants.get(id)
      if (!grant || (accountId !== undefined && grant.accountId !== accountId)) return false
      return dropGrant(tables, id)
    },
    touchGrant: (id, now) => {
      const grant = tables.oauthGrants.get(id)
      if (grant) grant.lastUsedAt = now
    },
    pruneExpired: (before) => {
      for (const [hash, code] of tables.oauthCodes)
        if (code.expiresAt < before) tables.oauthCodes.delete(hash)
      for (const [hash, token] of tables.oauthRefreshTokens)
        if (token.expiresAt < before) tables.oauthRefreshTokens.delete(hash)
    },
  }
  return memoryPort(store)
}
