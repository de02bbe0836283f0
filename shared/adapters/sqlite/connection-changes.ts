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
