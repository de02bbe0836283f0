import { and, eq, gt, sql } from 'drizzle-orm'
import type { Account, Session, SessionStore } from '../../ports/store.ts'
import type { Sync } from '../../ports/sync.ts'
import { credentialCache } from '../database/credential-cache.ts'
import { credentialGenerationOf } from './credential-generation.ts'
import type { Db } from './open-database.ts'
import { accounts, sessions } from './schema.ts'

type Found = { session: Session; account: Account }

/** Web sessions in SQLite; the id stored is the digest of the cookie's value. */
export function sessionStore(db: Db): Sync<SessionStore> {
  // Every request with a cookie looks its session up: the statements are prepared once.
  const generation = credentialGenerationOf(db)
  const liveById = db
    .select()
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .prepare()
  const extendById = db
    .update(sessions)
    .set({
      lastSeenAt: sql`${sql.placeholder('lastSeenAt')}`,
      expiresAt: sql`${sql.placeholder('expiresAt')}`,
    })
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare()
  const cache = credentialCache<Found>()

  return {
    create: (session) => {
      db.insert(sessions).values(session).run()
    },
    byId: async (id, now) => {
      const current = await generation()
      const cached = cache.get(id, current)
      // An entry past its end is looked up again: another process may have kept the session alive.
      if (cached && cached.session.expiresAt > now)
        return { session: { ...cached.session }, account: { ...cached.account } }
      const found = liveById.get({ id, now })
      if (!found) return undefined
      cache.set(id, { session: { ...found.sessions }, account: { ...found.accounts } }, current)
      return { session: { ...found.sessions }, account: { ...found.accounts } }
    },
    extend: (id, lastSeenAt, expiresAt) => {
      extendById.run({ id, lastSeenAt, expiresAt })
      cache.update(
        (found) => found.session.id === id,
        (found) => ({ ...found, session: { ...found.session, lastSeenAt, expiresAt } }),
      )
    },
    remove: (id) => {
      db.delete(sessions).where(eq(sessions.id, id)).run()
    },
  }
}
