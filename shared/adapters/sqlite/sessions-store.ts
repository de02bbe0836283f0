import { and, eq, gt } from 'drizzle-orm'
import type { SessionStore } from '../../ports/store.ts'
import type { Sync } from '../../ports/sync.ts'
import type { Db } from './open-database.ts'
import { accounts, sessions } from './schema.ts'

/** Web sessions in SQLite; the id stored is the digest of the cookie's value. */
export function sessionStore(db: Db): Sync<SessionStore> {
  return {
    create: (session) => {
      db.insert(sessions).values(session).run()
    },
    byId: (id, now) => {
      const found = db
        .select()
        .from(sessions)
        .innerJoin(accounts, eq(accounts.id, sessions.accountId))
        .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now)))
        .get()
      return found && { session: { ...found.sessions }, account: { ...found.accounts } }
    },
    extend: (id, lastSeenAt, expiresAt) => {
      db.update(sessions).set({ lastSeenAt, expiresAt }).where(eq(sessions.id, id)).run()
    },
    remove: (id) => {
      db.delete(sessions).where(eq(sessions.id, id)).run()
    },
  }
}
