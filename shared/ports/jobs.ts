/** A job in the persisted queue. */
export type Job = {
  id: number
  kind: string
  spaceId: number | null
  payload: Record<string, unknown>
  status: 'queued' | 'running' | 'done' | 'failed'
  runAt: number
  attempts: number
}

/** How many jobs of a kind are in a state: due and waiting, queued for later, running, or failed. */
export type JobCount = { kind: string; state: 'waiting' | 'scheduled' | 'running' | 'failed'; count: number }

/** Which kinds of job a worker takes: only some, or all but some (workers with their own loop). */
export type JobKinds = { only: string[] } | { except: string[] }

/** The persisted job queue: a job is leased while it runs, and taken again if its worker died. */
export interface JobStore {
  enqueue(
    job: { kind: string; spaceId: number | null; payload: Record<string, unknown>; runAt: number },
    now: number,
  ): Promise<Job>
  /**
   * Leases the next due job: queued and due, or running with an expired lease (its worker died),
   * never one for a space that already has a job running under a valid lease.
   */
  claim(now: number, leaseMs: number, kinds?: JobKinds): Promise<Job | undefined>
  /** Moves a queued job of a space and kind to a new time (continuous tidy-up after each drop); false when none. */
  postpone(spaceId: number, kind: string, match: Record<string, unknown>, runAt: number): Promise<boolean>
  /** Drops the queued jobs of a kind whose payload matches (a switched-off webhook's retries); returns how many. */
  cancel(kind: string, match: Record<string, unknown>, now: number): Promise<number>
  finish(id: number, outcome: { status: 'done' | 'failed'; error?: string }, now: number): Promise<void>
  /**
   * Makes every running job claimable at once (at start: the process that held them is gone, so
   * their leases are not waited out); returns how many.
   */
  releaseRunning(now: number): Promise<number>
  /** The jobs not done, by kind and state at `now` (kinds and states with none are left out). */
  counts(now: number): Promise<JobCount[]>
}
