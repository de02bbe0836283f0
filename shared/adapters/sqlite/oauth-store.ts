import { and, desc, eq, inArray, isNull, lt, type SQL } from 'drizzle-orm'
import type { OAuthStore } from '../../ports/oauth.ts'
import type { Sync } from '../../ports/sync.ts'
import { clientRow, codeRow, grantRow, toClient, toCode, toGrant } from '../database/oauth-rows.ts'
import type { Db } from './open-database.ts'
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

/** OAuth clients, codes, grants and refresh tokens in SQLite; secrets as digests only. */
export function oauthStore(db: Db): Sync<OAuthStore> {
  const spacesOf = (rows: GrantRowOf[]): Map<string, number[]> => {
    const ids = rows.filter((r) => r.restricted).map((r) => r.id)
    const map = new Map<string, number[]>(ids.map((id) => [id, []]))
    if (ids.length === 0) return map
    for (const link of db.select().from(oauthGrantSpaces).where(inArray(oauthGrantSpaces.grantId, ids)).all())
      map.get(link.grantId)?.push(link.spaceId)
    return map
  }
  const withOwner = (where: SQL) => {
    const found = db
      .select({ grant: oauthGrants, clientName: oauthClients.name, account: accounts })
      .from(oauthGrants)
      .innerJoin(oauthClients, eq(oauthClients.id, oauthGrants.clientId))
      .innerJoin(accounts, eq(accounts.id, oauthGrants.accountId))
      .where(where)
      .get()
    if (!found) return undefined
    return {
      grant: toGrant(found.grant, spacesOf([found.grant])),
      clientName: found.clientName,
      account: { ...found.account },
    }
  }

  return {
    createClient: (client) => {
      db.insert(oauthClients).values(clientRow(client)).run()
    },
    client: (id) => {
      const row = db.select().from(oauthClients).where(eq(oauthClients.id, id)).get()
      return row && toClient(row)
    },
    pruneUnusedClients: (before) =>
      db
        .delete(oauthClients)
        .where(and(lt(oauthClients.createdAt, before), isNull(oauthClients.authorizedAt)))
        .run().changes,
    createCode: (code, now) =>
      db.transaction(() => {
        db.insert(oauthCodes).values(codeRow(code)).run()
        db.update(oauthClients)
          .set({ authorizedAt: now })
          .where(and(eq(oauthClients.id, code.clientId), isNull(oauthClients.authorizedAt)))
          .run()
      }),
    code: (hash) => {
      const row = db.select().from(oauthCodes).where(eq(oauthCodes.hash, hash)).get()
      return row && toCode(row)
    },
    redeemCode: (hash, now, grant, refresh) =>
      db.transaction(() => {
        const used = db
          .update(oauthCodes)
          .set({ usedAt: now, grantId: grant.id })
          .where(and(eq(oauthCodes.hash, hash), isNull(oauthCodes.usedAt)))
          .run()
        if (used.changes === 0) return false
        db.insert(oauthGrants).values(grantRow(grant)).run()
        // A space deleted since the consent is simply left out.
        const kept = grant.spaceIds?.length
          ? db.select({ id: spaces.id }).from(spaces).where(inArray(spaces.id, grant.spaceIds)).all()
          : []
        for (const { id } of kept)
          db.insert(oauthGrantSpaces).values({ grantId: grant.id, spaceId: id }).onConflictDoNothing().run()
        db.insert(oauthRefreshTokens).values(refresh).run()
        return true
      }),
    refreshToken: (hash) => {
      const token = db.select().from(oauthRefreshTokens).where(eq(oauthRefreshTokens.hash, hash)).get()
      if (!token) return undefined
      const owned = withOwner(eq(oauthGrants.id, token.grantId))
      return owned && { ...owned, token: { ...token } }
    },
    rotateRefreshToken: (hash, now, next) =>
      db.transaction(() => {
        const rotated = db
          .update(oauthRefreshTokens)
          .set({ rotatedAt: now })
          .where(and(eq(oauthRefreshTokens.hash, hash), isNull(oauthRefreshTokens.rotatedAt)))
          .run()
        if (rotated.changes === 0) return false
        db.insert(oauthRefreshTokens).values(next).run()
        return true
      }),
    grant: (id) => withOwner(eq(oauthGrants.id, id)),
    grantsOf: (accountId) => {
      const rows = db
        .select({ grant: oauthGrants, clientName: oauthClients.name })
        .from(oauthGrants)
        .innerJoin(oauthClients, eq(oauthClients.id, oauthGrants.clientId))
        .where(eq(oauthGrants.accountId, accountId))
        .orderBy(desc(oauthGrants.createdAt), desc(oauthGrants.id))
        .all()
      const spacesById = spacesOf(rows.map((r) => r.grant))
      return rows.map((r) => ({ ...toGrant(r.grant, spacesById), clientName: r.clientName }))
    },
    deleteGrant: (id, accountId) =>
      db
        .delete(oauthGrants)
        .where(
          accountId === undefined
            ? eq(oauthGrants.id, id)
            : and(eq(oauthGrants.id, id), eq(oauthGrants.accountId, accountId)),
        )
        .run().changes > 0,
    touchGrant: (id, now) => {
      db.update(oauthGrants).set({ lastUsedAt: now }).where(eq(oauthGrants.id, id)).run()
    },
    pruneExpired: (before) =>
      db.transaction(() => {
        db.delete(oauthCodes).where(lt(oauthCodes.expiresAt, before)).run()
        db.delete(oauthRefreshTokens).where(lt(oauthRefreshTokens.expiresAt, before)).run()
      }),
  }
}
