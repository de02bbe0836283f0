import { and, asc, eq, gt, inArray, isNotNull, lte, notInArray, or, sql } from 'drizzle-orm'
import type { JobCount, JobKinds, JobStore } from '../../ports/store.ts'
import { toJob } from '../database/store-rows.ts'
import { JOB_CLAIM_LOCK, LOCK_NAMESPACE, type PgDb } from './open-database.ts'
import { jobs } from './schema.ts'

/**
 * The job queue in PostgreSQL, shared by every instance: a job is leased by one worker at a time, and
 * a space never has two jobs running under valid leases.
 */
export function jobStore(db: PgDb): JobStore {
  return {
    enqueue: async (job, now) => {
      const [row] = await db
        .insert(jobs)
        .values({ ...job, payload: JSON.stringify(job.payload), status: 'queued', createdAt: now })
        .returning()
      return toJob(row!)
    },
    claim: (now, leaseMs, kinds) =>
      db.transaction(async (tx) => {
        // Row locks alone cannot keep two jobs of one space from running: two instances would each
        // lock a different job of the same idle space and both see it idle. So claims take turns
        // under one transaction-level lock (released at commit, when the lease is visible to the
        // next claimer's statements). A claim is a few milliseconds of work, so the queue is not
        // slowed; a per-space lock would let claims overlap but has to guess the space first.
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_NAMESPACE}, ${JOB_CLAIM_LOCK})`)
        // Space-less jobs stay out of this list: one null in it makes `not in` false for every space.
        const busySpaces = tx
          .select({ spaceId: jobs.spaceId })
          .from(jobs)
          .where(and(eq(jobs.status, 'running'), gt(jobs.leaseUntil, now), isNotNull(jobs.spaceId)))
        const [due] = await tx
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
          // A job being finished or moved right now is passed over rather than waited for.
          .for('update', { skipLocked: true })
        if (!due) return undefined
        const [row] = await tx
          .update(jobs)
          .set({ status: 'running', leaseUntil: now + leaseMs, attempts: due.attempts + 1 })
          .where(eq(jobs.id, due.id))
          .returning()
        return row && toJob(row)
      }),
    postpone: (spaceId, kind, match, runAt) =>
      db.transaction(async (tx) => {
        const queued = (
          await tx
            .select()
            .from(jobs)
            .where(and(eq(jobs.spaceId, spaceId), eq(jobs.kind, kind), eq(jobs.status, 'queued')))
            // Locked, so a claim cannot start one of them in between (a job claimed first is left out).
            .for('update')
        ).filter((row) => {
          const payload = JSON.parse(row.payload) as Record<string, unknown>
          return Object.entries(match).every(([k, v]) => payload[k] === v)
        })
        if (queued.length === 0) return false
        await tx
          .update(jobs)
          .set({ runAt })
          .where(
            inArray(
              jobs.id,
              queued.map((row) => row.id),
            ),
          )
        return true
      }),
    cancel: (kind, match, now) =>
      db.transaction(async (tx) => {
        const queued = (
          await tx
            .select()
            .from(jobs)
            .where(and(eq(jobs.kind, kind), eq(jobs.status, 'queued')))
            .for('update', { skipLocked: true })
        ).filter(payloadMatches(match))
        if (queued.length === 0) return 0
        await tx
          .update(jobs)
          .set({ status: 'failed', error: 'dropped', finishedAt: now })
          .where(
            inArray(
              jobs.id,
              queued.map((row) => row.id),
            ),
          )
        return queued.length
      }),
    finish: async (id, outcome, now) => {
      await db
        .update(jobs)
        .set({ status: outcome.status, error: outcome.error ?? null, finishedAt: now, leaseUntil: null })
        .where(eq(jobs.id, id))
    },
    // With several instances, this also frees the jobs other live instances are running; the port
    // promises it (a lone process restarting), so it is kept as is.
    releaseRunning: async (now) =>
      (
        await db
          .update(jobs)
          .set({ leaseUntil: now })
          .where(eq(jobs.status, 'running'))
          .returning({ id: jobs.id })
      ).length,
    counts: async (now) =>
      (
        await db
          .select({ kind: jobs.kind, state: stateAt(now), count: sql<number>`count(*)::int` })
          .from(jobs)
          .where(inArray(jobs.status, ['queued', 'running', 'failed']))
          .groupBy(sql`1`, sql`2`)
      ).map((row) => ({ ...row, count: Number(row.count) })),
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
