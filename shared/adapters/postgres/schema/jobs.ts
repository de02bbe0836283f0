import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { millis } from './columns.ts'
import { spaces } from './organizations.ts'

/** The background jobs. */

/** Work done in the background, persisted so that a restart loses none. */
export const jobs = pgTable(
  'jobs',
  {
    // Jobs come and go for the life of an installation: 64-bit ids, as SQLite's are.
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    kind: text('kind').notNull(),
    spaceId: integer('space_id').references(() => spaces.id, { onDelete: 'cascade' }),
    payload: text('payload').notNull().default('{}'),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] }).notNull(),
    runAt: millis('run_at').notNull(),
    /** While running: until when the worker holds it (a crashed worker's job is taken again after). */
    leaseUntil: millis('lease_until'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    createdAt: millis('created_at').notNull(),
    finishedAt: millis('finished_at'),
  },
  (t) => [index('jobs_due').on(t.status, t.runAt)],
)
