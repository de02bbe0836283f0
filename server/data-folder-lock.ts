import { join } from 'node:path'
import Database from 'better-sqlite3'
import { StartRefused } from '#shared/errors/start-refused.ts'
import { runningServer } from './running-marker.ts'

/** The file whose lock a server on SQLite holds for as long as it runs. */
export const LOCK_FILE = 'server.lock'

/**
 * Takes the data folder for this process, or refuses the start: two servers on one SQLite data
 * folder would each move the branches to commits of their own, and the writes one acknowledged
 * would vanish from the other's history. The lock is SQLite's own on a file of the folder, held
 * exclusively until the process ends: the system lets go of it when the process dies, even by
 * `kill -9`, so a restart after a crash is never refused. Answers the function that lets go.
 */
export function lockDataFolder(dataDir: string): () => void {
  let db: Database.Database
  try {
    db = new Database(join(dataDir, LOCK_FILE), { timeout: 0 })
  } catch (error) {
    throw unwritable(error, dataDir)
  }
  try {
    db.pragma('locking_mode = EXCLUSIVE')
    // A write takes the exclusive lock, which the locking mode keeps after the transaction.
    db.exec('BEGIN EXCLUSIVE; CREATE TABLE IF NOT EXISTS held (at INTEGER); COMMIT')
  } catch (error) {
    db.close()
    if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw unwritable(error, dataDir)
    const other = runningServer(dataDir)
    const who = other
      ? `another server (process ${other.pid}${other.host ? ` on ${other.host}` : ''}) is running`
      : 'another server, or npm run migrate, is at work'
    throw new StartRefused(
      `${who} on the data folder ${dataDir}: two servers on one SQLite database would each lose the other's writes. Stop it first, or run several instances on PostgreSQL (SERVICE_DATABASE_URL)`,
    )
  }
  return () => db.close()
}

/** A lock file SQLite could not open or write: the folder is not the server's to write (one line). */
function unwritable(error: unknown, dataDir: string): unknown {
  const code = (error as { code?: string }).code ?? ''
  if (!/^SQLITE_(CANTOPEN|READONLY|PERM|IOERR)/.test(code)) return error
  return new StartRefused(
    `no right to write the data folder ${dataDir} (${LOCK_FILE}: ${code}): give the user running the server that right, or choose another SERVICE_DATA_DIR`,
  )
}
