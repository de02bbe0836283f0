import type Database from 'better-sqlite3'
import { readOncePerTurn } from '../database/credential-cache.ts'
import { madeOncePer } from '../database/made-once.ts'

/**
 * A mark of the database's state as this connection sees it: it moves with every change committed,
 * by another connection (`PRAGMA data_version`) or by this one (`total_changes()`). Answers kept in
 * memory under one mark are answered again while it holds. Read once a turn of the event loop for
 * every caller that asked during it, after they asked (`readOncePerTurn`): a change committed before
 * a request arrived is always seen by it.
 */
export const connectionChanges: (db: Database.Database) => () => Promise<string> = madeOncePer(
  (db: Database.Database) => readOncePerTurn(connectionMark(db)),
)

/** Answers kept under a mark of the database (either above), all forgotten once it moves. */
export type KeptAnswers<T> = {
  /** Forgets what was kept under another mark than `mark`; true when it did. */
  under(mark: string): boolean
  get(key: string): T | undefined
  /** Keeps an answer under the current mark; past `max` of them, the others go first. */
  keep(key: string, answer: T): void
}

/** An empty memory of answers for a database's mark, at most `max` at a time. */
export function keptAnswers<T>(max: number): KeptAnswers<T> {
  const kept = new Map<string, T>()
  let keptUnder = ''
  return {
    under(mark) {
      if (mark === keptUnder) return false
      kept.clear()
      keptUnder = mark
      return true
    },
    get: (key) => kept.get(key),
    keep(key, answer) {
      if (kept.size >= max) kept.clear()
      kept.set(key, answer)
    },
  }
}

/**
 * The same mark, read at once: for a caller that must not wait for the next turn (a search whose
 * other half is about to hold the thread).
 */
export const connectionMark: (db: Database.Database) => () => string = madeOncePer(
  (db: Database.Database) => {
    const dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck()
    const totalChanges = db.prepare<[], number>('SELECT total_changes()').pluck()
    return () => `${dataVersion.get()}:${totalChanges.get()}`
  },
)
