import type { Session, SessionStore } from '../../ports/store.ts'
import type { Sync } from '../../ports/sync.ts'
import { memoryPort } from './memory-port.ts'
import { fields, type MemoryTables, mustBeNew, mustRefer, pick } from './memory-tables.ts'

const SESSION = fields<Session>({
  id: true,
  accountId: true,
  createdAt: true,
  expiresAt: true,
  lastSeenAt: true,
})

/** Web sessions in memory, live until they expire, as in SQLite. */
export function memorySessions(tables: MemoryTables): SessionStore {
  const store: Sync<SessionStore> = {
    create: (session) => {
      mustRefer(tables.accounts.has(session.accountId), 'sessions.account_id')
      mustBeNew(tables.sessions.has(session.id), 'sessions.id')
      tables.sessions.set(session.id, pick(session, SESSION))
    },
    byId: (id, now) => {
      const session = tables.sessions.get(id)
      const account = session && session.expiresAt > now ? tables.accounts.get(session.accountId) : undefined
      return session && account && { session, account }
    },
    extend: (id, lastSeenAt, expiresAt) => {
      const session = tables.sessions.get(id)
      if (session) tables.sessions.set(id, { ...session, lastSeenAt, expiresAt })
    },
    remove: (id) => {
      tables.sessions.delete(id)
    },
  }
  return memoryPort(store)
}
