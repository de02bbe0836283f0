import { and, eq, gt } from 'drizzle-orm'
import type { SessionStore } from '../../ports/store.ts'
import type { PgDb } from './open-database.ts'
import { accounts, sessions } from './schema.ts'

/** Web sessions in PostgreSQL; the id stored is the digest of the cookie's value. */
export function sessionStore(db: PgDb): SessionStore {
  return {
    create: async (session) => {
      await db.insert(sessions).values(session)
    },
    byId: async (id, now) => {
      const [found] = await db
        .select()
        .from(sessions)
        .innerJoin(accounts, eq(accounts.id, sessions.accountId))
        .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now)))
      return found && { session: found.sessions, account: found.accounts }
    },
    extend: async (id, lastSeenAt, expiresAt) => {
      await db.update(sessions).set({ lastSeenAt, expiresAt }).where(eq(sessions.id, id))
    },
    remove: async (id) => {
      await db.delete(sessions).where(eq(sessions.id, id))
    },
  }
}
