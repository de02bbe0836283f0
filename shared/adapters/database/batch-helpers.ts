import { type Column, type SQL, sql } from 'drizzle-orm'

/** Writing many rows in few statements, on SQLite and PostgreSQL alike. */

/** The value a row proposed for a column, in an `ON CONFLICT … DO UPDATE` clause. */
export function excluded(column: Column): SQL {
  return sql.raw(`excluded."${column.name}"`)
}

/** The rows in slices, so no statement passes the database's limit of parameters (PostgreSQL's 65,535, SQLite's 32,766). */
export function slices<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size))
  return out
}

/**
 * The last row given for each key: one statement may not insert-or-update the same row twice, and
 * the later value wins, as it does when rows are written one after another.
 */
export function lastPerKey<T>(rows: readonly T[], key: (row: T) => string): T[] {
  return [...new Map(rows.map((row) => [key(row), row])).values()]
}

/** The columns of a changed page's row that a later change of the page replaces. */
type ChangedPageColumns = Record<'key' | 'commit' | 'author' | 'date' | 'source' | 'via' | 'after', Column>

/**
 * What a changed page's row takes from a later change of the same page, in an `ON CONFLICT … DO
 * UPDATE`: everything but `before`, which stays the page as it was before its first change.
 */
export function laterChangeOf(table: ChangedPageColumns) {
  return {
    key: excluded(table.key),
    commit: excluded(table.commit),
    author: excluded(table.author),
    date: excluded(table.date),
    source: excluded(table.source),
    via: excluded(table.via),
    after: excluded(table.after),
  }
}
