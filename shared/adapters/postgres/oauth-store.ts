import { and, desc, eq, inArray, isNull, lt, type SQL } from 'drizzle-orm'
import type { OAuthStore } from '../../ports/oauth.ts'
import { clientRow, codeRow, grantRow, toClient, toCode, toGrant } from '../database/oauth-rows.ts'
import type { PgDb } from './open-database.ts'
import { byCodePoint } from './query-helpers.ts'
import {
  accounts,
  oauthClients,
  oauthCodes,
  oauthGrantSpaces,
  oauthGrants,
  oauthRefreshTokens,
  spaces,
} from './schema.ts'

type GrantRowOf = typeof oauthGrants.$inferSelect

/** OAuth clients, codes, grants and refresh tokens in PostgreSQL; secrets as digests only. */
export function oauthStore(db: PgDb): OAuthStore {
  const spacesOf = async (rows: GrantRowOf[]): Promise<Map<string, number[]>> => {
    const ids = rows.filter((r) => r.restricted).map((r) => r.id)
    const map = new Map<string, number[]>(ids.map((id) => [id, []]))
    if (ids.length === 0) return map
    const links = await db.select().from(oauthGrantSpaces).where(inArray(oauthGrantSpaces.grantId, ids))
    for (const link of links) map.get(link.grantId)?.push(link.spaceId)
    return map
  }
  const withOwner = async (where: SQL) => {
    const [found] = await db
      .select({ grant: oauthGrants, clientName: oauthClients.name, account: accounts })
      .from(oauthGrants)
      .innerJoin(oauthClients, eq(oauthClients.id, oauthGrants.clientId))
      .innerJoin(accounts, eq(accounts.id, oauthGrants.accountId))
      .where(where)
    if (!found) return undefined
    return {
      grant: toGrant(found.grant, await spacesOf([found.grant])),
      clientName: found.clientName,
      account: found.account,
    }
  }

  return {
    createClient: async (client) => {
      await db.insert(oauthClients).values(clientRow(client))
    },
    client: async (id) => {
      const [row] = await db.select().from(oauthClients).where(eq(oauthClients.id, id))
      return row && toClient(row)
    },
    pruneUnusedClients: async (before) =>
      (
        await db
          .delete(oauthClients)
          .where(and(lt(oauthClients.createdAt, before), isNull(oauthClients.authorizedAt)))
          .returning({ id: oauthClients.id })
      ).length,
    createCode: (code, now) =>
      db.transaction(async (tx) => {
        await tx.insert(oauthCodes).values(codeRow(code))
        await tx
          .update(oauthClients)
          .set({ authorizedAt: now })
          .where(and(eq(oauthClients.id, code.clientId), isNull(oauthClients.authorizedAt)))
      }),
    code: async (hash) => {
      const [row] = await db.select().from(oauthCodes).where(eq(oauthCodes.hash, hash))
      return row && toCode(row)
    },
    redeemCode: (hash, now, grant, refresh) =>
      db.transaction(async (tx) => {
        const used = await tx
          .update(oauthCodes)
          .set({ usedAt: now, grantId: grant.id })
          .where(and(eq(oauthCodes.hash, hash), isNull(oauthCodes.usedAt)))
          .returning({ hash: oauthCodes.hash })
        if (used.length === 0) return false
        await tx.insert(oauthGrants).values(grantRow(grant))
        // A space deleted since the consent is simply left out.
        const kept = grant.spaceIds?.length
          ? await tx.select({ id: spaces.id }).from(spaces).where(inArray(spaces.id, grant.spaceIds))
          : []
        if (kept.length > 0)
          await tx
            .insert(oauthGrantSpaces)
            .values(kept.map(({ id }) => ({ grantId: grant.id, spaceId: id })))
            .onConflictDoNothing()
        await tx.insert(oauthRefreshTokens).values(refresh)
        return true
      }),
    refreshToken: async (hash) => {
      const [token] = await db.select().from(oauthRefreshTokens).where(eq(oauthRefreshTokens.hash, hash))
      if (!token) return undefined
      const owned = await withOwner(eq(oauthGrants.id, token.grantId))
      return owned && { ...owned, token }
    },
    rotateRefreshToken: (hash, now, next) =>
      db.transaction(async (tx) => {
        const rotated = await tx
          .update(oauthRefreshTokens)
          .set({ rotatedAt: now })
          .where(and(eq(oauthRefreshTokens.hash, hash), isNull(oauthRefreshTokens.rotatedAt)))
          .returning({ hash: oauthRefreshTokens.hash })
        if (rotated.length === 0) return false
        await tx.insert(oauthRefreshTokens).values(next)
        return true
      }),
    grant: (id) => withOwner(eq(oauthGrants.id, id)),
    grantsOf: async (accountId) => {
      const rows = await db
        .select({ grant: oauthGrants, clientName: oauthClients.name })
        .from(oauthGrants)
        .innerJoin(oauthClients, eq(oauthClients.id, oauthGrants.clientId))
        .where(eq(oauthGrants.accountId, accountId))
        .orderBy(desc(oauthGrants.createdAt), desc(byCodePoint(oauthGrants.id)))
      const spacesById = await spacesOf(rows.map((r) => r.grant))
      return rows.map((r) => ({ ...toGrant(r.grant, spacesById), clientName: r.clientName }))
    },
    deleteGrant: async (id, accountId) =>
      (
        await db
          .delete(oauthGrants)
          .where(
            accountId === undefined
              ? eq(oauthGrants.id, id)
              : and(eq(oauthGrants.id, id), eq(oauthGrants.accountId, accountId)),
          )
          .returning({ id: oauthGrants.id })
      ).length > 0,
    touchGrant: async (id, now) => {
      await db.update(oauthGrants).set({ lastUsedAt: now }).where(eq(oauthGrants.id, id))
    },
    pruneExpired: (before) =>
      db.transaction(async (tx) => {
        await tx.delete(oauthCodes).where(lt(oauthCodes.expiresAt, before))
        await tx.delete(oauthRefreshTokens).where(lt(oauthRefreshTokens.expiresAt, before))
      }),
  }
}
