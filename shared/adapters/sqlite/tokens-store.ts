import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Account, Token, TokenStore } from '../../ports/store.ts'
import type { Sync } from '../../ports/sync.ts'
import { credentialCache } from '../database/credential-cache.ts'
import { toToken } from '../database/store-rows.ts'
import { credentialGenerationOf } from './credential-generation.ts'
import type { Db } from './open-database.ts'
import { accounts, tokenSpaces, tokens } from './schema.ts'

type Row = typeof tokens.$inferSelect
type Found = { token: Token; account: Account }

/** A copy the caller may change without changing what the cache holds. */
const copy = ({ token, account }: Found): Found => ({
  token: { ...token, spaceIds: token.spaceIds && [...token.spaceIds] },
  account: { ...account },
})

/** Personal tokens in SQLite; only the digest of each secret is stored. */
export function tokenStore(db: Db): Sync<TokenStore> {
  const spacesOf = (rows: Row[]): Map<string, number[]> => {
    const ids = rows.filter((r) => r.restricted).map((r) => r.id)
    const map = new Map<string, number[]>(ids.map((id) => [id, []]))
    if (ids.length === 0) return map
    for (const link of db.select().from(tokenSpaces).where(inArray(tokenSpaces.tokenId, ids)).all()) {
      map.get(link.tokenId)?.push(link.spaceId)
    }
    return map
  }

  // Authentication runs on every request: its statements are prepared once for this connection.
  const generation = credentialGenerationOf(db)
  const activeByHash = db
    .select()
    .from(tokens)
    .innerJoin(accounts, eq(accounts.id, tokens.accountId))
    .where(and(eq(tokens.secretHash, sql.placeholder('hash')), isNull(tokens.revokedAt)))
    .prepare()
  const cache = credentialCache<Found>()

  return {
    create: (token) =>
      db.transaction(() => {
        const { spaceIds, secretHash, ...rest } = token
        db.insert(tokens)
          .values({ ...rest, secretHash, restricted: spaceIds !== null })
          .run()
        for (const spaceId of spaceIds ?? []) {
          db.insert(tokenSpaces).values({ tokenId: token.id, spaceId }).onConflictDoNothing().run()
        }
        const { secretHash: _omit, ...visible } = token
        return visible
      }),
    listActive: (accountId) => {
      const rows = db
        .select()
        .from(tokens)
        .where(and(eq(tokens.accountId, accountId), isNull(tokens.revokedAt)))
        .orderBy(desc(tokens.createdAt), desc(tokens.id))
        .all()
      const spaces = spacesOf(rows)
      return rows.map((row) => toToken(row, spaces))
    },
    byHash: async (secretHash) => {
      // Read before the token: a change committed after it raises the number the next request sees.
      const current = await generation()
      const cached = cache.get(secretHash, current)
      if (cached) return copy(cached)
      const found = activeByHash.get({ hash: secretHash })
      if (!found) return undefined
      const value = { token: toToken(found.tokens, spacesOf([found.tokens])), account: { ...found.accounts } }
      cache.set(secretHash, value, current)
      return copy(value)
    },
    revoke: (accountId, id, now) =>
      db
        .update(tokens)
        .set({ revokedAt: now })
        .where(and(eq(tokens.id, id), eq(tokens.accountId, accountId), isNull(tokens.revokedAt)))
        .run().changes > 0,
    touch: (id, now) => {
      db.update(tokens).set({ lastUsedAt: now }).where(eq(tokens.id, id)).run()
      // Last use is bookkeeping, not a change to the credential: the generation stays, the entry follows.
      cache.update(
        (found) => found.token.id === id,
        (found) => ({ ...found, token: { ...found.token, lastUsedAt: now } }),
      )
    },
  }
}
