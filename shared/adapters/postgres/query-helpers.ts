import { type Column, type SQL, sql } from 'drizzle-orm'

export { excluded, lastPerKey, slices } from '../database/batch-helpers.ts'

/**
 * A text column ordered by code point, as SQLite orders text, whatever the database's locale (whose
 * collation may ignore case or punctuation).
 */
export function byCodePoint(column: Column): SQL {
  return sql`${column} COLLATE "C"`
}
