import type { Deps } from '../../ports/deps.ts'
import type { Logger } from '../../ports/logger.ts'
import { MAIL_JOB, type MailPayload, type SendQueuedMailDeps, sendQueuedMail } from '../mail/send-mail.ts'
import { ROUTINE_JOB } from '../routines/routine-schedule.ts'
import { type RunRoutineDeps, runRoutine } from '../routines/run-routine.ts'
import { type FillMeaningDeps, refillMeaning } from '../search/index-space.ts'
import { MEANING_RETRY_JOB } from '../search/meaning-retry.ts'
import { type RunTidyDeps, runTidy } from '../tidy/run-tidy.ts'
import { TIDY_JOB } from '../tidy/tidy-schedule.ts'
import { WEBHOOK_JOB } from '../webhooks/fire-event.ts'

/** How long a worker holds a job before another may take it (a run that dies is taken again after this). */
export const JOB_LEASE_MS = 15 * 60_000

export type RunNextJobDeps = RunTidyDeps &
  RunRoutineDeps &
  SendQueuedMailDeps &
  FillMeaningDeps &
  Pick<Deps, 'clock' | 'store'>

/** Runs the next due job, if any; true when one ran. Webhook deliveries have their own runner. */
export async function runNextJob(deps: RunNextJobDeps, logger?: Logger): Promise<boolean> {
  const job = await deps.store.jobs.claim(deps.clock.now(), JOB_LEASE_MS, { except: [WEBHOOK_JOB] })
  if (!job) return false
  try {
    if (job.kind === TIDY_JOB && job.spaceId !== null)
      await runTidy(deps, String(job.payload.runId), job.spaceId)
    if (job.kind === ROUTINE_JOB && job.spaceId !== null)
      await runRoutine(deps, String(job.payload.runId), job.spaceId)
    if (job.kind === MAIL_JOB) await sendQueuedMail(deps, job.payload as MailPayload)
    if (job.kind === MEANING_RETRY_JOB && job.spaceId !== null) await refillMeaning(deps, job.spaceId)
    await deps.store.jobs.finish(job.id, { status: 'done' }, deps.clock.now())
  } catch (error) {
    logger?.error({ err: error, job: job.id, kind: job.kind }, 'background job failed')
    await deps.store.jobs.finish(
      job.id,
      { status: 'failed', error: String((error as Error).message ?? error).slice(0, 500) },
      deps.clock.now(),
    )
  }
  return true
}

export type DrainJobsDeps = RunNextJobDeps

/** Runs every job that is due now, one after another (the tests and the worker loop use it). */
export async function drainJobs(deps: DrainJobsDeps, logger?: Logger): Promise<number> {
  let count = 0
  while (await runNextJob(deps, logger)) count++
  return count
}
