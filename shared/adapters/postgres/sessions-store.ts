import { and, eq, gt, sql } from 'drizzle-orm'
import type { Account, Session, SessionStore } from '../../ports/store.ts'
import { credentialCache } from '../database/credential-cache.ts'
import { credentialGenerationOf } from './credential-generation.ts'
import type { PgDb } from './open-database.ts'
import { accounts, sessions } from './schema.ts'

type Found = { session: Session; account: Account }

/** Web sessions in PostgreSQL; the id stored is the digest of the cookie's value. */
export function sessionStore(db: PgDb): SessionStore {
  // Every request with a cookie looks its session up: the statements are prepared once per connection.
  const generation = credentialGenerationOf(db)
  const liveById = db
    .select()
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .prepare('quire_session_by_id')
  const cache = credentialCache<Found>()

  return {
    create: async (session) => {
      await db.insert(sessions).values(session)
    },
    byId: async (id, now) => {
      const current = await generation()
      const cached = cache.get(id, current)
      // An entry past its end is looked up again: another instance may have kept the session alive.
      if (cached && cached.session.expiresAt > now)
        return { session: { ...cached.session }, account: { ...cached.account } }
      const [found] = await liveById.execute({ id, now })
      if (!found) return undefined
      cache.set(id, { session: { ...found.sessions }, account: { ...found.accounts } }, current)
      return { session: { ...found.sessions }, account: { ...found.accounts } }
    },
    extend: async (id, lastSeenAt, expiresAt) => {
      await db.update(sessions).set({ lastSeenAt, expiresAt }).where(eq(sessions.id, id))
      cache.update(
        (found) => found.session.id === id,
        (found) => ({ ...found, session: { ...found.session, lastSeenAt, expiresAt } }),
      )
    },
    remove: async (id) => {
      await db.delete(sessions).where(eq(sessions.id, id))
    },
  }
}
