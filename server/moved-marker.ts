import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { StartRefused } from '#shared/errors/start-refused.ts'

/** The file `npm run migrate` leaves in a data folder whose database it moved to PostgreSQL. */
export const MOVED_FILE = 'moved-to-postgres'

/**
 * Marks the data folder's SQLite database as moved to PostgreSQL (`target`, without its password),
 * at `at`: the file stays as it was, to go back to, but nothing may run on it unawares.
 */
export function markMoved(dataDir: string, target: string, at: Date): void {
  // Its password left out, wherever it is given (node-postgres also reads one from the query).
  const url = new URL(target)
  url.password = ''
  url.search = ''
  writeFileSync(join(dataDir, MOVED_FILE), `${at.toISOString()} ${url.href}\n`, { mode: 0o600 })
}

/** Where and when the folder's SQLite database was moved, when it was, and the file saying so. */
export function movedTo(dataDir: string): { at: string; target: string; file: string } | undefined {
  const file = join(dataDir, MOVED_FILE)
  if (!existsSync(file)) return undefined
  const [at = '', target = 'PostgreSQL'] = readFileSync(file, 'utf8').trim().split(' ')
  return { at: at.slice(0, 10), target, file }
}

/**
 * Refuses to run on the SQLite database of a folder moved to PostgreSQL: a server started without
 * SERVICE_DATABASE_URL (one unit of several not updated) would serve the accounts and pages of the
 * day of the move, and its writes would move the branches back from under the PostgreSQL instances.
 * `what` says what is refused ("the server", "the backup").
 */
export function refuseIfMoved(dataDir: string, what: string): void {
  const moved = movedTo(dataDir)
  if (!moved) return
  throw new StartRefused(
    `${what} would run on the SQLite database of ${dataDir}, moved to ${moved.target} on ${moved.at} by npm run migrate: set SERVICE_DATABASE_URL to that database (to go back to the SQLite database as it was then, remove ${moved.file})`,
  )
}
