import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { accounts } from './accounts.ts'
import { spaces } from './organizations.ts'

/** A space's tidy-up: when it runs, and the log of its runs. */

/** When and how a space's tidy-up runs on its own. */
export const tidySettings = sqliteTable('tidy_settings', {
  spaceId: integer('space_id')
    .primaryKey()
    .references(() => spaces.id, { onDelete: 'cascade' }),
  enabled: integer('enabled', { mode: 'boolean' }).notNull().default(false),
  time: text('time').notNull().default('03:00'),
  timezone: text('timezone').notNull().default('UTC'),
  model: text('model').notNull().default(''),
  delay: integer('delay').notNull().default(0),
  /** The next daily run, computed from time and timezone. */
  nextDailyAt: integer('next_daily_at'),
})

/** The log of tidy-up runs. */
export const tidyRuns = sqliteTable(
  'tidy_runs',
  {
    id: text('id').primaryKey(),
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
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    cost: real('cost').notNull().default(0),
    error: text('error'),
    revertedAt: integer('reverted_at'),
    revertCommit: text('revert_commit'),
    requestedBy: integer('requested_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
    startedAt: integer('started_at'),
    finishedAt: integer('finished_at'),
  },
  (t) => [index('tidy_runs_space').on(t.spaceId, t.createdAt)],
)
