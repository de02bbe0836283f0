import type { Account } from './accounts.ts'

/** A browser session (its id is the digest of the cookie's secret). */
export type Session = {
  id: string
  accountId: number
  createdAt: number
  expiresAt: number
  lastSeenAt: number
}

/** Browser sessions of accounts. */
export interface SessionStore {
  create(session: Session): Promise<void>
  /** The live session with this id, with its owner. */
  byId(id: string, now: number): Promise<{ session: Session; account: Account } | undefined>
  extend(id: string, lastSeenAt: number, expiresAt: number): Promise<void>
  remove(id: string): Promise<void>
}
