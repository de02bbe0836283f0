import { Cron } from 'croner'
import type { Deps } from '../../ports/deps.ts'
import type { OrgStore, Space, TidyRun } from '../../ports/store.ts'

/** The job kind of a tidy-up run. */
export const TIDY_JOB = 'tidy'

/** The next time after `after` when it is `HH:MM` in the time zone (daylight saving handled by croner). */
export function nextDaily(time: string, timezone: string, after: number): number {
  const [hours = '0', minutes = '0'] = time.split(':')
  const next = new Cron(`${Number(minutes)} ${Number(hours)} * * *`, { timezone }).nextRun(new Date(after))
  if (!next) throw new Error(`no next run for ${time} ${timezone}`)
  return next.getTime()
}

/** A run as it is queued: nothing done yet, no model chosen, no spending. */
export function queuedTidyRun(
  fields: Pick<TidyRun, 'id' | 'spaceId' | 'trigger' | 'requestedBy' | 'createdAt'>,
): TidyRun {
  return {
    ...fields,
    status: 'queued',
    model: '',
    itemsDone: 0,
    itemsLeft: 0,
    summary: '',
    operations: [],
    commit: null,
    inputTokens: 0,
    outputTokens: 0,
    cost: 0,
    error: null,
    revertedAt: null,
    revertCommit: null,
    startedAt: null,
    finishedAt: null,
  }
}

export type QueueRunDeps = Pick<Deps, 'clock' | 'secrets' | 'store'>

/** Records a queued run and its job. */
export async function queueRun(
  deps: QueueRunDeps,
  orgStore: OrgStore,
  space: Space,
  trigger: TidyRun['trigger'],
  requestedBy: number | null,
  runAt: number,
): Promise<TidyRun> {
  const now = deps.clock.now()
  const run = queuedTidyRun({
    id: deps.secrets.id(),
    spaceId: space.id,
    trigger,
    requestedBy,
    createdAt: now,
  })
  await orgStore.space(space.id).tidy.createRun(run)
  await deps.store.jobs.enqueue(
    { kind: TIDY_JOB, spaceId: space.id, payload: { runId: run.id, trigger }, runAt },
    now,
  )
  return run
}

export type AfterDropDeps = QueueRunDeps & Pick<Deps, 'clock' | 'store'>

/**
 * After a drop, the continuous tidy-up (when on) runs `delay` minutes after the last drop: a run
 * already waiting is pushed back rather than doubled.
 */
export async function afterDrop(deps: AfterDropDeps, orgStore: OrgStore, space: Space): Promise<void> {
  const settings = await orgStore.space(space.id).tidy.settings()
  if (!settings.enabled || settings.delay <= 0) return
  const runAt = deps.clock.now() + settings.delay * 60_000
  if (!(await deps.store.jobs.postpone(space.id, TIDY_JOB, { trigger: 'continuous' }, runAt))) {
    await queueRun(deps, orgStore, space, 'continuous', null, runAt)
  }
}

export type QueueDailyRunsDeps = QueueRunDeps & Pick<Deps, 'clock' | 'store'>

/** Queues the daily runs that are due, and plans each space's next one. */
export async function queueDailyRuns(deps: QueueDailyRunsDeps): Promise<number> {
  const now = deps.clock.now()
  let queued = 0
  for (const { space, settings } of await deps.store.tidySchedules()) {
    const orgStore = deps.store.forOrg(space.orgId)
    const due = settings.nextDailyAt ?? nextDaily(settings.time, settings.timezone, now)
    if (due <= now) {
      await queueRun(deps, orgStore, space, 'daily', null, now)
      queued++
      await orgStore
        .space(space.id)
        .tidy.updateSettings({ nextDailyAt: nextDaily(settings.time, settings.timezone, now) })
    } else if (settings.nextDailyAt === null) {
      await orgStore.space(space.id).tidy.updateSettings({ nextDailyAt: due })
    }
  }
  return queued
}
