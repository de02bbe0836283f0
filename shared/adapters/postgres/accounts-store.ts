import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm'
import { DomainError } from '../../errors/domain-error.ts'
import type { AccountStore } from '../../ports/store.ts'
import { setsAnything } from '../database/store-rows.ts'
import { LOCK_NAMESPACE, type PgDb, SUPERADMINS_LOCK } from './open-database.ts'
import { byCodePoint } from './query-helpers.ts'
import { accounts, oauthGrants, sessions, tokens } from './schema.ts'

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
  // An assistant's connection ends too: its refresh and access tokens stop working at once.
  await db.delete(oauthGrants).where(eq(oauthGrants.accountId, accountId))
}

/** Accounts in PostgreSQL. */
async function activeSuperadmins(db: PgDb): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(accounts)
    .where(and(eq(accounts.isSuperadmin, true), eq(accounts.isActive, true)))
  return row?.n ?? 0
}

/** The accounts whose address is `email` (without case), only verified ones if asked, oldest first. */
function holding(db: PgDb, email: string, verifiedOnly: boolean) {
  return db
    .select()
    .from(accounts)
    .where(
      and(
        sql`lower(${accounts.email}) = ${email.trim().toLowerCase()}`,
        verifiedOnly ? eq(accounts.emailVerified, true) : undefined,
      ),
    )
    .orderBy(asc(accounts.id))
}

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
        // Changes that may remove a super admin take turns, so each counts what the others left.
        if (changes.isActive === false || changes.isSuperadmin === false)
          await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_NAMESPACE}, ${SUPERADMINS_LOCK})`)
        const before = await activeSuperadmins(tx)
        const [row] = setsAnything(changes)
          ? await tx.update(accounts).set(changes).where(eq(accounts.id, id)).returning()
          : await tx.select().from(accounts).where(eq(accounts.id, id))
        if (!row) throw new Error(`account ${id} vanished`)
        // Thrown inside the transaction: the change is rolled back.
        if (before > 0 && (await activeSuperadmins(tx)) === 0) throw new DomainError('last_superadmin')
        if (changes.isActive === false) await revokeAll(tx, id, now, null)
        return row
      }),
    countActiveSuperadmins: () => activeSuperadmins(db),
    byVerifiedEmail: (email) => holding(db, email, true),
    byEmail: (email) => holding(db, email, false),
    changePassword: (id, passwordHash, now, keepSessionId, mustChange = false) =>
      db.transaction(async (tx) => {
        await tx
          .update(accounts)
          .set({ passwordHash, mustChangePassword: mustChange })
          .where(eq(accounts.id, id))
        await revokeAll(tx, id, now, keepSessionId)
      }),
  }
}
