import { getTableColumns, getTableName, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { Db } from '../sqlite/open-database.ts'
import * as lite from '../sqlite/schema.ts'
import { type PgDb, queryRows } from './open-database.ts'
import * as pgs from './schema.ts'

/**
 * The tables copied, parents before the rows that refer to them. The search indexes (file
 * metadata, links, words, vectors) are left out: they are derived from Git and rebuilt after.
 */
const TABLES: [SQLiteTable, PgTable][] = [
  [lite.accounts, pgs.accounts],
  [lite.organizations, pgs.organizations],
  [lite.spaces, pgs.spaces],
  [lite.tokens, pgs.tokens],
  [lite.tokenSpaces, pgs.tokenSpaces],
  [lite.sessions, pgs.sessions],
  [lite.accountLinks, pgs.accountLinks],
  [lite.orgMembers, pgs.orgMembers],
  [lite.spaceMembers, pgs.spaceMembers],
  [lite.invitations, pgs.invitations],
  [lite.ssoProviders, pgs.ssoProviders],
  [lite.ssoIdentities, pgs.ssoIdentities],
  [lite.ssoAttempts, pgs.ssoAttempts],
  [lite.rateEvents, pgs.rateEvents],
  [lite.spaceGit, pgs.spaceGit],
  [lite.gitConflicts, pgs.gitConflicts],
  [lite.heldFiles, pgs.heldFiles],
  [lite.extracts, pgs.extracts],
  [lite.pageMarks, pgs.pageMarks],
  [lite.changedPages, pgs.changedPages],
  [lite.pageCommits, pgs.pageCommits],
  [lite.aiSettings, pgs.aiSettings],
  [lite.embeddingSettings, pgs.embeddingSettings],
  [lite.tidySettings, pgs.tidySettings],
  [lite.tidyRuns, pgs.tidyRuns],
  [lite.jobs, pgs.jobs],
  [lite.routines, pgs.routines],
  [lite.routineRuns, pgs.routineRuns],
  [lite.webhooks, pgs.webhooks],
  [lite.webhookAttempts, pgs.webhookAttempts],
  [lite.pageVisits, pgs.pageVisits],
  [lite.favouritePages, pgs.favouritePages],
]

/** Rows sent per INSERT: well under PostgreSQL's 65,535 parameters for the widest table. */
const BATCH = 500

export class TargetNotEmptyError extends Error {
  constructor(table: string) {
    super(`the target database already holds data (table ${table}): copy into an empty database`)
    this.name = 'TargetNotEmptyError'
  }
}

/**
 * Copies an installation's SQLite database into a migrated, empty PostgreSQL database in one
 * transaction (all or nothing), keeping every id, then moves each id sequence past the copied ids.
 * Returns the rows copied per table.
 */
export async function copySqliteToPostgres(source: Db, target: PgDb): Promise<Record<string, number>> {
  const copied: Record<string, number> = {}
  await target.transaction(async (tx) => {
    for (const [, table] of TABLES) {
      const name = getTableName(table)
      const [row] = await queryRows<{ any: boolean }>(
        tx as unknown as PgDb,
        sql`SELECT EXISTS (SELECT 1 FROM ${table}) AS any`,
      )
      if (row?.any) throw new TargetNotEmptyError(name)
    }
    for (const [from, to] of TABLES) {
      const rows = source.select().from(from).all() as Record<string, unknown>[]
      for (let i = 0; i < rows.length; i += BATCH) {
        await tx.insert(to).values(rows.slice(i, i + BATCH))
      }
      copied[getTableName(to)] = rows.length
    }
    // Ids were copied as they were: the next id each table hands out must come after them.
    for (const [, table] of TABLES) {
      if (!('id' in getTableColumns(table))) continue
      const [identity] = await queryRows<{ seq: string | null }>(
        tx as unknown as PgDb,
        sql`SELECT pg_get_serial_sequence(${getTableName(table)}, 'id') AS seq`,
      )
      // Text ids (tokens, sessions, runs) have no sequence.
      if (!identity?.seq) continue
      await tx.execute(
        sql`SELECT setval(${identity.seq}, COALESCE((SELECT MAX(id) FROM ${table}), 0) + 1, false)`,
      )
    }
  })
  return copied
}
