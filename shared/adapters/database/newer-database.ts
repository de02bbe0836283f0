import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { StartRefused } from '../../errors/start-refused.ts'

/** When the newest migration of a migrations folder was made (drizzle's journal), in milliseconds. */
export function newestMigration(folder: string): number {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[]
  }
  return Math.max(0, ...journal.entries.map((entry) => entry.when))
}

/**
 * Refuses a database a newer version migrated (its last migration made after this version's
 * newest): this code would run on tables it does not know, and write what the newer one cannot read.
 */
export function refuseNewerDatabase(appliedUpTo: number | undefined, folder: string): void {
  if (appliedUpTo === undefined || appliedUpTo <= newestMigration(folder)) return
  throw new StartRefused(
    `the database was upgraded by a newer version of Quire (its last change of structure is from ${new Date(appliedUpTo).toISOString().slice(0, 10)}): run that version again, or restore the backup taken before the upgrade`,
  )
}
