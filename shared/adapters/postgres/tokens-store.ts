import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Account, Token, TokenStore } from '../../ports/store.ts'
import { credentialCache } from '../database/credential-cache.ts'
import { toToken } from '../database/store-rows.ts'
import { credentialGenerationOf } from './credential-generation.ts'
import type { PgDb } from './open-database.ts'
import { byCodePoint } from './query-helpers.ts'
import { accounts, tokenSpaces, tokens } from './schema.ts'

type Row = typeof tokens.$inferSelect
type Found = { token: Token; account: Account }

/** A copy the caller may change without changing what the cache holds. */
const copy = ({ token, account }: Found): Found => ({
  token: { ...token, spaceIds: token.spaceIds && [...token.spaceIds] },
  account: { ...account },
})

/** Personal tokens in PostgreSQL; only the digest of each secret is stored. */
export function tokenStore(db: PgDb): TokenStore {
  const spacesOf = async (rows: Row[]): Promise<Map<string, number[]>> => {
    const ids = rows.filter((r) => r.restricted).map((r) => r.id)
    const map = new Map<string, number[]>(ids.map((id) => [id, []]))
    if (ids.length === 0) return map
    const links = await db.select().from(tokenSpaces).where(inArray(tokenSpaces.tokenId, ids))
    for (const link of links) map.get(link.tokenId)?.push(link.spaceId)
    return map
  }

  // Authentication runs on every request: its statements are prepared once per connection.
  const generation = credentialGenerationOf(db)
  const activeByHash = db
    .select()
    .from(tokens)
    .innerJoin(accounts, eq(accounts.id, tokens.accountId))
    .where(and(eq(tokens.secretHash, sql.placeholder('hash')), isNull(tokens.revokedAt)))
    .prepare('quire_token_by_hash')
  const cache = credentialCache<Found>()

  return {
    create: (token) =>
      db.transaction(async (tx) => {
        const { spaceIds, secretHash, ...rest } = token
        await tx.insert(tokens).values({ ...rest, secretHash, restricted: spaceIds !== null })
        if (spaceIds && spaceIds.length > 0) {
          await tx
            .insert(tokenSpaces)
            .values(spaceIds.map((spaceId) => ({ tokenId: token.id, spaceId })))
            .onConflictDoNothing()
        }
        const { secretHash: _omit, ...visible } = token
        return visible
      }),
    listActive: async (accountId) => {
      const rows = await db
        .select()
        .from(tokens)
        .where(and(eq(tokens.accountId, accountId), isNull(tokens.revokedAt)))
        .orderBy(desc(tokens.createdAt), desc(byCodePoint(tokens.id)))
      const spaces = await spacesOf(rows)
      return rows.map((row) => toToken(row, spaces))
    },
    byHash: async (secretHash) => {
      // Read before the token: a change committed after it raises the number the next request sees.
      const current = await generation()
      const cached = cache.get(secretHash, current)
      if (cached) return copy(cached)
      const [found] = await activeByHash.execute({ hash: secretHash })
      if (!found) return undefined
      const value = { token: toToken(found.tokens, await spacesOf([found.tokens])), account: found.accounts }
      cache.set(secretHash, value, current)
      return copy(value)
    },
    revoke: async (accountId, id, now) =>
      (
        await db
          .update(tokens)
          .set({ revokedAt: now })
          .where(and(eq(tokens.id, id), eq(tokens.accountId, accountId), isNull(tokens.revokedAt)))
          .returning({ id: tokens.id })
      ).length > 0,
    touch: async (id, now) => {
      await db.update(tokens).set({ lastUsedAt: now }).where(eq(tokens.id, id))
      // Last use is bookkeeping, not a change to the credential: the generation stays, the entry follows.
      cache.update(
        (found) => found.token.id === id,
        (found) => ({ ...found, token: { ...found.token, lastUsedAt: now } }),
      )
    },
  }
}
