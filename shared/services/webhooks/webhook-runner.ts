import type { Deps } from '../../ports/deps.ts'
import type { Job } from '../../ports/jobs.ts'
import type { Logger } from '../../ports/logger.ts'
import { type DeliveryPayload, onDeliveryQueued, WEBHOOK_JOB } from './fire-event.ts'
import { type DeliverWebhookDeps, deliverWebhook } from './internal/deliver-webhook.ts'

/** Deliveries running at once: a slow receiver holds one slot, never the others' deliveries. */
export const WEBHOOK_CONCURRENCY = 8
/** A delivery takes 10 s at most; one whose process died is taken again after this. */
export const WEBHOOK_LEASE_MS = 60_000
/** How often due retries are looked for (new events wake the runner at once). */
const TICK_MS = 1_000

const ONLY_WEBHOOKS = { only: [WEBHOOK_JOB] }

type RunDeliveryDeps = DeliverWebhookDeps & Pick<Deps, 'clock' | 'store'>

/** Runs one claimed delivery job to its end; never throws. */
async function runDelivery(deps: RunDeliveryDeps, job: Job, logger?: Logger): Promise<void> {
  try {
    await deliverWebhook(deps, job.payload as DeliveryPayload)
    await deps.store.jobs.finish(job.id, { status: 'done' }, deps.clock.now())
  } catch (error) {
    logger?.error({ err: error, job: job.id }, 'webhook delivery failed')
    await deps.store.jobs
      .finish(
        job.id,
        { status: 'failed', error: String((error as Error).message ?? error).slice(0, 500) },
        deps.clock.now(),
      )
      .catch(() => undefined)
  }
}

export type StartWebhookRunnerDeps = RunDeliveryDeps & Pick<Deps, 'clock' | 'store'>

/**
 * Delivers webhook events from the persisted queue, apart from the other background jobs and
 * several at once (at most `concurrency`), so one slow receiver never delays the others. Wakes at
 * once when an event is queued in this process, and every second for retries that fall due.
 */
export function startWebhookRunner(
  deps: StartWebhookRunnerDeps,
  logger: Logger,
  { concurrency = WEBHOOK_CONCURRENCY }: { concurrency?: number } = {},
): { stop(waitMs?: number): Promise<void> } {
  const running = new Set<Promise<void>>()
  let stopped = false
  let claiming = false
  const fill = async () => {
    if (claiming || stopped) return
    claiming = true
    try {
      while (!stopped && running.size < concurrency) {
        const job = await deps.store.jobs.claim(deps.clock.now(), WEBHOOK_LEASE_MS, ONLY_WEBHOOKS)
        if (!job) break
        const run = runDelivery(deps, job, logger).finally(() => {
          running.delete(run)
          void fill()
        })
        running.add(run)
      }
    } catch (error) {
      logger.error({ err: error }, 'webhook runner could not claim a delivery')
    } finally {
      claiming = false
    }
  }
  const timer = setInterval(() => void fill(), TICK_MS)
  timer.unref()
  const unsubscribe = onDeliveryQueued(() => void fill())
  setImmediate(() => void fill())
  return {
    stop: async (waitMs = Number.POSITIVE_INFINITY) => {
      stopped = true
      clearInterval(timer)
      unsubscribe()
      // A delivery still running after `waitMs` is left: the next start sends it again.
      let timeout: ReturnType<typeof setTimeout> | undefined
      const waited = new Promise<void>((resolve) => {
        if (Number.isFinite(waitMs)) timeout = setTimeout(resolve, waitMs)
      })
      await Promise.race([Promise.all(running), waited])
      clearTimeout(timeout)
    },
  }
}

export type DrainWebhooksDeps = RunDeliveryDeps & Pick<Deps, 'clock' | 'store'>

/** Delivers every due webhook event, several at once, until none is due (the tests use it); returns how many ran. */
export async function drainWebhooks(
  deps: DrainWebhooksDeps,
  concurrency = WEBHOOK_CONCURRENCY,
): Promise<number> {
  let count = 0
  for (;;) {
    const batch: Job[] = []
    while (batch.length < concurrency) {
      const job = await deps.store.jobs.claim(deps.clock.now(), WEBHOOK_LEASE_MS, ONLY_WEBHOOKS)
      if (!job) break
      batch.push(job)
    }
    if (batch.length === 0) return count
    await Promise.all(batch.map((job) => runDelivery(deps, job)))
    count += batch.length
  }
}
