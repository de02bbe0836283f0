import { bigint, boolean, doublePrecision, index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { accounts } from './accounts.ts'
import { millis } from './columns.ts'
import { spaces } from './organizations.ts'

/** A space's tidy-up: when it runs, and the log of its runs. */

/** When and how a space's tidy-up runs on its own. */
export const tidySettings = pgTable('tidy_settings', {
  spaceId: integer('space_id')
    .primaryKey()
    .references(() => spaces.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  time: text('time').notNull().default('03:00'),
  timezone: text('timezone').notNull().default('UTC'),
  model: text('model').notNull().default(''),
  delay: integer('delay').notNull().default(0),
  /** The next daily run, computed from time and timezone. */
  nextDailyAt: millis('next_daily_at'),
})

/** The log of tidy-up runs. */
export const tidyRuns = pgTable(
  'tidy_runs',
  {
    id: text('id').primaryKey(),
    /**
     * Order of creation, standing in for SQLite's rowid: it breaks ties between runs created in the
     * same millisecond (the later one is listed first). A copy from SQLite inserts in rowid order.
     */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    spaceId: integer('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] }).notNull(),
    trigger: text('trigger', { enum: ['manual', 'daily', 'continuous'] }).notNull(),
    model: text('model').notNull().default(''),
    itemsDone: integer('items_done').notNull().default(0),
    itemsLeft: integer('items_left').notNull().default(0),
    summary: text('summary').notNull().default(''),
    operations: text('operations').notNull().default('[]'),
    commit: text('commit'),
    // SQLite's integers are 64-bit: token counts keep that range here.
    inputTokens: bigint('input_tokens', { mode: 'number' }).notNull().default(0),
    outputTokens: bigint('output_tokens', { mode: 'number' }).notNull().default(0),
    cost: doublePrecision('cost').notNull().default(0),
    error: text('error'),
    revertedAt: millis('reverted_at'),
    revertCommit: text('revert_commit'),
    requestedBy: integer('requested_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: millis('created_at').notNull(),
    startedAt: millis('started_at'),
    finishedAt: millis('finished_at'),
  },
  (t) => [index('tidy_runs_space').on(t.spaceId, t.createdAt)],
)
