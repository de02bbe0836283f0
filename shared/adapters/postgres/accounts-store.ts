import { and, count, eq, isNull, ne } from 'drizzle-orm'
import type { AccountStore } from '../../ports/store.ts'
import type { PgDb } from './open-database.ts'
import { byCodePoint } from './query-helpers.ts'
import { accounts, sessions, tokens } from './schema.ts'

/** Revokes every token and every session of an account but `keepSessionId`. */
async function revokeAll(db: PgDb, accountId: number, now: number, keepSessionId: string | null) {
  await db
    .update(tokens)
    .set({ revokedAt: now })
    .where(and(eq(tokens.accountId, accountId), isNull(tokens.revokedAt)))
  const others = keepSessionId
    ? and(eq(sessions.accountId, accountId), ne(sessions.id, keepSessionId))
    : eq(sessions.accountId, accountId)
  await db.delete(sessions).where(others)
}

/** Accounts in PostgreSQL. */
export function accountStore(db: PgDb): AccountStore {
  return {
    count: async () => (await db.select({ n: count() }).from(accounts))[0]?.n ?? 0,
    list: () => db.select().from(accounts).orderBy(byCodePoint(accounts.username)),
    byId: async (id) => (await db.select().from(accounts).where(eq(accounts.id, id)))[0],
    byUsername: async (username) =>
      (await db.select().from(accounts).where(eq(accounts.username, username)))[0],
    create: async (account) =>
      (await db.insert(accounts).values(account).onConflictDoNothing().returning())[0],
    update: (id, changes, now) =>
      db.transaction(async (tx) => {
        const [row] = await tx.update(accounts).set(changes).where(eq(accounts.id, id)).returning()
        if (!row) throw new Error(`account ${id} vanished`)
        if (changes.isActive === false) await revokeAll(tx, id, now, null)
        return row
      }),
    countActiveSuperadmins: async () =>
      (
        await db
          .select({ n: count() })
          .from(accounts)
          .where(and(eq(accounts.isSuperadmin, true), eq(accounts.isActive, true)))
      )[0]?.n ?? 0,
    changePassword: (id, passwordHash, now, keepSessionId) =>
      db.transaction(async (tx) => {
        await tx.update(accounts).set({ passwordHash }).where(eq(accounts.id, id))
        await revokeAll(tx, id, now, keepSessionId)
      }),
  }
}
