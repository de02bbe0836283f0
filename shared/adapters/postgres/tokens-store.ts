import { and, desc, eq, inArray, isNull } from 'drizzle-orm'
import type { TokenStore } from '../../ports/store.ts'
import { toToken } from '../store-rows.ts'
import type { PgDb } from './open-database.ts'
import { byCodePoint } from './query-helpers.ts'
import { accounts, tokenSpaces, tokens } from './schema.ts'

type Row = typeof tokens.$inferSelect

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
      const [found] = await db
        .select()
        .from(tokens)
        .innerJoin(accounts, eq(accounts.id, tokens.accountId))
        .where(and(eq(tokens.secretHash, secretHash), isNull(tokens.revokedAt)))
      if (!found) return undefined
      return { token: toToken(found.tokens, await spacesOf([found.tokens])), account: found.accounts }
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
    },
  }
}
