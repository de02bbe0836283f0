import type { Token, TokenStore } from '../../ports/store.ts'
import type { Sync } from '../../ports/sync.ts'
import { memoryPort } from './memory-port.ts'
import {
  byBinary,
  fields,
  type MemoryTables,
  mustBeNew,
  mustRefer,
  pick,
  spaceList,
  type TokenRow,
} from './memory-tables.ts'

const TOKEN = fields<Token>({
  id: true,
  accountId: true,
  name: true,
  hint: true,
  readOnly: true,
  spaceIds: true,
  createdAt: true,
  expiresAt: true,
  lastUsedAt: true,
})

/** A token as the port shows it: without its digest or revocation. */
const visible = (row: TokenRow): Token => pick(row, TOKEN)

/** Personal tokens in memory; as in SQLite, only the digest of each secret is kept. */
export function memoryTokens(tables: MemoryTables): TokenStore {
  const isActive = (row: TokenRow) => row.revokedAt === null
  const store: Sync<TokenStore> = {
    create: (token) => {
      mustRefer(tables.accounts.has(token.accountId), 'tokens.account_id')
      for (const spaceId of token.spaceIds ?? [])
        mustRefer(tables.spaces.has(spaceId), 'token_spaces.space_id')
      mustBeNew(tables.tokens.has(token.id), 'tokens.id')
      mustBeNew(
        [...tables.tokens.values()].some((t) => t.secretHash === token.secretHash),
        'tokens.secret_hash',
      )
      const row: TokenRow = {
        ...pick(token, TOKEN),
        spaceIds: token.spaceIds && spaceList(token.spaceIds),
        secretHash: token.secretHash,
        revokedAt: null,
      }
      tables.tokens.set(token.id, row)
      // Answered as given, as the SQLite adapter does.
      return pick(token, TOKEN)
    },
    listActive: (accountId) =>
      [...tables.tokens.values()]
        .filter((row) => row.accountId === accountId && isActive(row))
        .sort((a, b) => b.createdAt - a.createdAt || byBinary(b.id, a.id))
        .map(visible),
    byHash: (secretHash) => {
      const row = [...tables.tokens.values()].find((t) => t.secretHash === secretHash && isActive(t))
      const account = row && tables.accounts.get(row.accountId)
      return row && account && { token: visible(row), account }
    },
    revoke: (accountId, id, now) => {
      const row = tables.tokens.get(id)
      if (!row || row.accountId !== accountId || !isActive(row)) return false
      row.revokedAt = now
      return true
    },
    touch: (id, now) => {
      const row = tables.tokens.get(id)
      if (row) row.lastUsedAt = now
    },
  }
  return memoryPort(store)
}
