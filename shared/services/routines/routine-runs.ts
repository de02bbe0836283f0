import type { Deps } from '../../ports/deps.ts'
import type { Routine, RoutineRun } from '../../ports/routines.ts'
import type { OrgStore, Space } from '../../ports/store.ts'
import { type RoutineQuotaDeps, routineQuota } from './internal/routine-budget.ts'
import { nextRoutineRun, ROUTINE_JOB } from './routine-schedule.ts'

/** Why a run did not start once the month's budget is reached. */
export const BUDGET_REACHED_RUN = 'The organization’s monthly AI budget is reached: the run did not start.'

type NewRunDeps = Pick<Deps, 'clock' | 'secrets'>

/** A run as it is queued: shown as running from then on, nothing done or spent yet. */
function newRun(
  deps: NewRunDeps,
  routine: Routine,
  trigger: RoutineRun['trigger'],
  requestedBy: number | null,
): Omit<RoutineRun, 'spaceId'> {
  return {
    id: deps.secrets.id(),
    routineId: routine.id,
    status: 'running',
    trigger,
    model: '',
    summary: '',
    report: '',
    outputs: { page: null, inbox: [], emails: 0, webhook: null },
    commit: null,
    inputTokens: 0,
    outputTokens: 0,
    cost: 0,
    quota: null,
    error: null,
    requestedBy,
    createdAt: deps.clock.now(),
    startedAt: null,
    finishedAt: null,
  }
}

export type QueueRoutineRunDeps = NewRunDeps & Pick<Deps, 'store'>

/** Records a run and its job in the persisted queue (one job at a time per space). */
export async function queueRoutineRun(
  deps: QueueRoutineRunDeps,
  orgStore: OrgStore,
  space: Space,
  routine: Routine,
  trigger: RoutineRun['trigger'],
  requestedBy: number | null,
): Promise<RoutineRun> {
  const run = newRun(deps, routine, trigger, requestedBy)
  await orgStore.space(space.id).routines.createRun(run)
  await deps.store.jobs.enqueue(
    { kind: ROUTINE_JOB, spaceId: space.id, payload: { runId: run.id }, runAt: run.createdAt },
    run.createdAt,
  )
  return { ...run, spaceId: space.id }
}

export type QueueDueRoutinesDeps = RoutineQuotaDeps &
  NewRunDeps &
  QueueRoutineRunDeps &
  Pick<Deps, 'clock' | 'store'>

/**
 * Queues the routines that are due, once each however many of their times were missed (the next
 * run is planned from now), and plans their next time. Once the month's budget is reached a due
 * routine is logged as a failed run with that reason instead.
 */
export async function queueDueRoutines(deps: QueueDueRoutinesDeps): Promise<number> {
  const now = deps.clock.now()
  let queued = 0
  for (const { space, routine } of await deps.store.dueRoutines(now)) {
    const orgStore = deps.store.forOrg(space.orgId)
    const routines = orgStore.space(space.id).routines
    const { timezone } = await orgStore.space(space.id).tidy.settings()
    await routines.update(routine.id, { nextRun: nextRoutineRun(routine, timezone, now) })
    const { reached, ...quota } = await routineQuota(deps, orgStore)
    if (reached) {
      await routines.createRun({
        ...newRun(deps, routine, 'schedule', null),
        status: 'failed',
        quota,
        error: BUDGET_REACHED_RUN,
        finishedAt: now,
      })
      await routines.update(routine.id, { lastRun: now })
      continue
    }
    await queueRoutineRun(deps, orgStore, space, routine, 'schedule', null)
    queued++
  }
  return queued
}
