import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm'
import { DomainError } from '../../errors/domain-error.ts'
import type { Account, AccountStore } from '../../ports/store.ts'
import type { Sync } from '../../ports/sync.ts'
import { setsAnything } from '../database/store-rows.ts'
import type { Db } from './open-database.ts'
import { accounts, oauthGrants, sessions, tokens } from './schema.ts'

type Row = typeof accounts.$inferSelect

function toAccount(row: Row): Account {
  return { ...row }
}

/** Accounts in SQLite. */
export function accountStore(db: Db): Sync<AccountStore> {
  const activeSuperadmins = () =>
    db
      .select({ n: count() })
      .from(accounts)
      .where(and(eq(accounts.isSuperadmin, true), eq(accounts.isActive, true)))
      .get()?.n ?? 0
  const revokeAll = (accountId: number, now: number, keepSessionId: string | null) => {
    db.update(tokens)
      .set({ revokedAt: now })
      .where(and(eq(tokens.accountId, accountId), isNull(tokens.revokedAt)))
      .run()
    const others = keepSessionId
      ? and(eq(sessions.accountId, accountId), ne(sessions.id, keepSessionId))
      : eq(sessions.accountId, accountId)
    db.delete(sessions).where(others).run()
    // An assistant's connection ends too: its refresh and access tokens stop working at once.
    db.delete(oauthGrants).where(eq(oauthGrants.accountId, accountId)).run()
  }

  return {
    count: () => db.select({ n: count() }).from(accounts).get()?.n ?? 0,
    list: () => db.select().from(accounts).orderBy(accounts.username).all().map(toAccount),
    byId: (id) => {
      const row = db.select().from(accounts).where(eq(accounts.id, id)).get()
      return row && toAccount(row)
    },
    byUsername: (username) => {
      const row = db.select().from(accounts).where(eq(accounts.username, username)).get()
      return row && toAccount(row)
    },
    create: (account) => {
      const row = db.insert(accounts).values(account).onConflictDoNothing().returning().get()
      return row && toAccount(row)
    },
    update: (id, changes, now) =>
      db.transaction(() => {
        const before = activeSuperadmins()
        const row = setsAnything(changes)
          ? db.update(accounts).set(changes).where(eq(accounts.id, id)).returning().get()
          : db.select().from(accounts).where(eq(accounts.id, id)).get()
        if (!row) throw new Error(`account ${id} vanished`)
        // Thrown inside the transaction: the change is rolled back.
        if (before > 0 && activeSuperadmins() === 0) throw new DomainError('last_superadmin')
        if (changes.isActive === false) revokeAll(id, now, null)
        return toAccount(row)
      }),
    countActiveSuperadmins: () => activeSuperadmins(),
    changePassword: (id, passwordHash, now, keepSessionId, mustChange = false) =>
      db.transaction(() => {
        db.update(accounts)
          .set({ passwordHash, mustChangePassword: mustChange })
          .where(eq(accounts.id, id))
          .run()
        revokeAll(id, now, keepSessionId)
      }),
    byVerifiedEmail: (email) => holding(email, true),
    byEmail: (email) => holding(email, false),
  }

  /** The accounts whose address is `email` (without case), only verified ones if asked, oldest first. */
  function holding(email: string, verifiedOnly: boolean) {
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
      .all()
      .map(toAccount)
  }
}
