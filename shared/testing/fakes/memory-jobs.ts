import { toJob } from '../../adapters/database/store-rows.ts'
import type { JobCount, JobKinds, JobStore } from '../../ports/store.ts'
import type { Sync } from '../../ports/sync.ts'
import { memoryPort } from './memory-port.ts'
import { type JobRow, type MemoryTables, mustRefer, nextId } from './memory-tables.ts'

/** Whether a job's payload holds every entry of `match`. */
const payloadMatches = (row: JobRow, match: Record<string, unknown>) => {
  const payload = JSON.parse(row.payload) as Record<string, unknown>
  return Object.entries(match).every(([key, value]) => payload[key] === value)
}

/** Whether a worker taking `kinds` takes a job of `kind` (none given: every kind). */
const takes = (kinds: JobKinds | undefined, kind: string) =>
  !kinds || ('only' in kinds ? kinds.only.includes(kind) : !kinds.except.includes(kind))

/** The job queue in memory, with the leases and the one running job per space of the SQLite queue. */
export function memoryJobs(tables: MemoryTables): JobStore {
  const queued = (kind: string, match: Record<string, unknown>) =>
    [...tables.jobs.values()].filter(
      (row) => row.kind === kind && row.status === 'queued' && payloadMatches(row, match),
    )
  const store: Sync<JobStore> = {
    enqueue: (job, now) => {
      if (job.spaceId !== null) mustRefer(tables.spaces.has(job.spaceId), 'jobs.space_id')
      const row: JobRow = {
        id: nextId(tables, 'jobs'),
        kind: job.kind,
        spaceId: job.spaceId,
        payload: JSON.stringify(job.payload),
        status: 'queued',
        runAt: job.runAt,
        attempts: 0,
        leaseUntil: null,
        error: null,
        createdAt: now,
        finishedAt: null,
      }
      tables.jobs.set(row.id, row)
      return toJob(row)
    },
    claim: (now, leaseMs, kinds) => {
      const rows = [...tables.jobs.values()]
      const busySpaces = new Set(
        rows
          .filter((row) => row.status === 'running' && row.leaseUntil !== null && row.leaseUntil > now)
          .map((row) => row.spaceId),
      )
      const due = rows
        .filter(
          (row) =>
            ((row.status === 'queued' && row.runAt <= now) ||
              (row.status === 'running' && row.leaseUntil !== null && row.leaseUntil <= now)) &&
            (row.spaceId === null || !busySpaces.has(row.spaceId)) &&
            takes(kinds, row.kind),
        )
        .sort((a, b) => a.runAt - b.runAt || a.id - b.id)[0]
      if (!due) return undefined
      Object.assign(due, { status: 'running', leaseUntil: now + leaseMs, attempts: due.attempts + 1 })
      return toJob(due)
    },
    postpone: (spaceId, kind, match, runAt) => {
      const moved = queued(kind, match).filter((row) => row.spaceId === spaceId)
      for (const row of moved) row.runAt = runAt
      return moved.length > 0
    },
    cancel: (kind, match, now) => {
      const dropped = queued(kind, match)
      for (const row of dropped) Object.assign(row, { status: 'failed', error: 'dropped', finishedAt: now })
      return dropped.length
    },
    finish: (id, outcome, now) => {
      const row = tables.jobs.get(id)
      if (row)
        Object.assign(row, {
          status: outcome.status,
          error: outcome.error ?? null,
          finishedAt: now,
          leaseUntil: null,
        })
    },
    releaseRunning: (now) => {
      const running = [...tables.jobs.values()].filter((row) => row.status === 'running')
      for (const row of running) row.leaseUntil = now
      return running.length
    },
    counts: (now) => {
      const counts = new Map<string, JobCount>()
      for (const row of tables.jobs.values()) {
        if (row.status === 'done') continue
        const state = row.status !== 'queued' ? row.status : row.runAt <= now ? 'waiting' : 'scheduled'
        const count = counts.get(`${row.kind} ${state}`) ?? { kind: row.kind, state, count: 0 }
        count.count++
        counts.set(`${row.kind} ${state}`, count)
      }
      return [...counts.values()]
    },
  }
  return memoryPort(store)
}
