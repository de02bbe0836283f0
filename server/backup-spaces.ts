import Database from 'better-sqlite3'
import pg from 'pg'
import type { BackupSpace } from './backup-archive.ts'

/** The spaces of an installation as a backup lists them, read from its SQLite file or PostgreSQL. */

/** Each space with its organization's slug, by id: the same text on both databases. */
const SPACES = `select s.id as id, o.slug as organization, s.slug as slug, s.branch as branch
  from spaces s join organizations o on o.id = s.org_id order by s.id`

type SpaceRow = { id: number; organization: string; slug: string; branch: string }

/** The spaces a SQLite database file lists. */
export function spacesInSqlite(file: string): BackupSpace[] {
  const db = new Database(file, { readonly: true, fileMustExist: true })
  try {
    return (db.prepare(SPACES).all() as SpaceRow[]).map((row) => ({ ...row, commit: null }))
  } finally {
    db.close()
  }
}

/**
 * The spaces a PostgreSQL database lists, so that a repository missing from the data folder is named
 * as on SQLite. Throws what the database said when it does not answer.
 */
export async function spacesInPostgres(url: string): Promise<BackupSpace[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 })
  try {
    await client.connect()
    const { rows } = await client.query<SpaceRow>(SPACES)
    // A bigint or serial id may come back as text.
    return rows.map((row) => ({ ...row, id: Number(row.id), commit: null }))
  } finally {
    await client.end().catch(() => undefined)
  }
}
