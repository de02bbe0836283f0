import { bigint, boolean, doublePrecision, index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { accounts } from './accounts.ts'
import { millis } from './columns.ts'
import { organizations, spaces } from './organizations.ts'

/** Agent routines and the log of their runs. */

/** A space's routines: scheduled rereadings of the wiki that write only to their outputs. */
export const routines = pgTable(
  'routines',
  {
    id: text('id').primaryKey(),
    /** Order of creation, standing in for SQLite's rowid when routines are listed. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    spaceId: integer('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    template: text('template', { enum: ['', 'coherence', 'digest'] })
      .notNull()
      .default(''),
    instructions: text('instructions').notNull().default(''),
    frequency: text('frequency', { enum: ['daily', 'weekly', 'monthly'] }).notNull(),
    weekday: integer('weekday').notNull().default(0),
    monthday: integer('monthday').notNull().default(1),
    at: text('at').notNull(),
    /** JSON array of folders. */
    scope: text('scope').notNull().default('[]'),
    outputPage: text('output_page').notNull().default(''),
    outputInbox: boolean('output_inbox').notNull().default(false),
    outputWebhook: text('output_webhook').notNull().default(''),
    /** Sealed with the server's key. */
    webhookSecret: text('webhook_secret'),
    outputEmail: text('output_email', { enum: ['', 'admins', 'members'] })
      .notNull()
      .default(''),
    enabled: boolean('enabled').notNull().default(true),
    nextRun: millis('next_run'),
    lastRun: millis('last_run'),
    createdAt: millis('created_at').notNull(),
  },
  (t) => [index('routines_space').on(t.spaceId), index('routines_next_run').on(t.nextRun)],
)

/**
 * The log of routine runs. A run outlives its routine (no reference to it) so that its cost still
 * counts toward the organization's month; it belongs to the organization for that reason.
 */
export const routineRuns = pgTable(
  'routine_runs',
  {
    id: text('id').primaryKey(),
    /** Order of creation: breaks ties between runs created in the same millisecond. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    routineId: text('routine_id').notNull(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    spaceId: integer('space_id').references(() => spaces.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['running', 'done', 'failed'] }).notNull(),
    trigger: text('trigger', { enum: ['manual', 'schedule'] }).notNull(),
    model: text('model').notNull().default(''),
    summary: text('summary').notNull().default(''),
    report: text('report').notNull().default(''),
    /** JSON: page, inbox, emails, webhook. */
    outputs: text('outputs').notNull(),
    commit: text('commit'),
    inputTokens: bigint('input_tokens', { mode: 'number' }).notNull().default(0),
    outputTokens: bigint('output_tokens', { mode: 'number' }).notNull().default(0),
    cost: doublePrecision('cost').notNull().default(0),
    /** JSON, or null before the run looked at the budget. */
    quota: text('quota'),
    error: text('error'),
    requestedBy: integer('requested_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: millis('created_at').notNull(),
    startedAt: millis('started_at'),
    finishedAt: millis('finished_at'),
  },
  (t) => [
    index('routine_runs_routine').on(t.routineId, t.createdAt),
    index('routine_runs_org').on(t.orgId, t.createdAt),
  ],
)
