import { and, asc, eq, gt, inArray, isNotNull, lte, notInArray, or, sql } from 'drizzle-orm'
import type { JobCount, JobKinds, JobStore } from '../../ports/store.ts'
import type { Sync } from '../../ports/sync.ts'
import { toJob } from '../database/store-rows.ts'
import type { Db } from './open-database.ts'
import { jobs } from './schema.ts'

/** The job queue in SQLite; claiming is one transaction, so two workers never take the same job. */
export function jobStore(db: Db): Sync<JobStore> {
  return {
    enqueue: (job, now) =>
      toJob(
        db
          .insert(jobs)
          .values({ ...job, payload: JSON.stringify(job.payload), status: 'queued', createdAt: now })
          .returning()
          .get(),
      ),
    claim: (now, leaseMs, kinds) =>
      db.transaction(() => {
        // Space-less jobs stay out of this list: one null in it makes `not in` false for every space.
        const busySpaces = db
          .select({ spaceId: jobs.spaceId })
          .from(jobs)
          .where(and(eq(jobs.status, 'running'), gt(jobs.leaseUntil, now), isNotNull(jobs.spaceId)))
        const due = db
          .select()
          .from(jobs)
          .where(
            and(
              or(
                and(eq(jobs.status, 'queued'), lte(jobs.runAt, now)),
                and(eq(jobs.status, 'running'), lte(jobs.leaseUntil, now)),
              ),
              or(sql`${jobs.spaceId} is null`, sql`${jobs.spaceId} not in ${busySpaces}`),
              ofKinds(kinds),
            ),
          )
          .orderBy(asc(jobs.runAt), asc(jobs.id))
          .limit(1)
          .get()
        if (!due) return undefined
        const row = db
          .update(jobs)
          .set({ status: 'running', leaseUntil: now + leaseMs, attempts: due.attempts + 1 })
          .where(eq(jobs.id, due.id))
          .returning()
          .get()
        return row && toJob(row)
      }),
    postpone: (spaceId, kind, match, runAt) => {
      const queued = db
        .select()
        .from(jobs)
        .where(and(eq(jobs.spaceId, spaceId), eq(jobs.kind, kind), eq(jobs.status, 'queued')))
        .all()
        .filter((row) => {
          const payload = JSON.parse(row.payload) as Record<string, unknown>
          return Object.entries(match).every(([k, v]) => payload[k] === v)
        })
      for (const row of queued) db.update(jobs).set({ runAt }).where(eq(jobs.id, row.id)).run()
      return queued.length > 0
    },
    cancel: (kind, match, now) =>
      db.transaction(() => {
        const queued = db
          .select()
          .from(jobs)
          .where(and(eq(jobs.kind, kind), eq(jobs.status, 'queued')))
          .all()
          .filter(payloadMatches(match))
        for (const row of queued)
          db.update(jobs)
            .set({ status: 'failed', error: 'dropped', finishedAt: now })
            .where(eq(jobs.id, row.id))
            .run()
        return queued.length
      }),
    finish: (id, outcome, now) => {
      db.update(jobs)
        .set({ status: outcome.status, error: outcome.error ?? null, finishedAt: now, leaseUntil: null })
        .where(eq(jobs.id, id))
        .run()
    },
    releaseRunning: (now) =>
      db.update(jobs).set({ leaseUntil: now }).where(eq(jobs.status, 'running')).run().changes,
    counts: (now) =>
      db
        .select({ kind: jobs.kind, state: stateAt(now), count: sql<number>`count(*)` })
        .from(jobs)
        .where(inArray(jobs.status, ['queued', 'running', 'failed']))
        .groupBy(sql`1`, sql`2`)
        .all(),
  }
}

/** A job's state for `counts`: a queued job is waiting once due, scheduled before. */
function stateAt(now: number) {
  return sql<
    JobCount['state']
  >`case when ${jobs.status} = 'queued' then (case when ${jobs.runAt} <= ${now} then 'waiting' else 'scheduled' end) else ${jobs.status} end`
}

/** The condition for the kinds of job a worker takes (none: every kind). */
function ofKinds(kinds: JobKinds | undefined) {
  if (!kinds) return undefined
  return 'only' in kinds ? inArray(jobs.kind, kinds.only) : notInArray(jobs.kind, kinds.except)
}

/** Whether a job row's payload holds every entry of `match`. */
function payloadMatches(match: Record<string, unknown>) {
  return (row: { payload: string }) => {
    const payload = JSON.parse(row.payload) as Record<string, unknown>
    return Object.entries(match).every(([k, v]) => payload[k] === v)
  }
}
