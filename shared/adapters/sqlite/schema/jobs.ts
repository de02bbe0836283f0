import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { spaces } from './organizations.ts'

/** The background jobs. */

/** Work done in the background, persisted so that a restart loses none. */
export const jobs = sqliteTable(
  'jobs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind').notNull(),
    spaceId: integer('space_id').references(() => spaces.id, { onDelete: 'cascade' }),
    payload: text('payload').notNull().default('{}'),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] }).notNull(),
    runAt: integer('run_at').notNull(),
    /** While running: until when the worker holds it (a crashed worker's job is taken again after). */
    leaseUntil: integer('lease_until'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    createdAt: integer('created_at').notNull(),
    finishedAt: integer('finished_at'),
  },
  (t) => [index('jobs_due').on(t.status, t.runAt)],
)
