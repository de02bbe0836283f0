import { priceFor } from '../../domain/ai-prices.ts'
import { MANUAL_TIDY_RUNS, MANUAL_TIDY_RUNS_ADMIN } from '../../domain/limits.ts'
import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import type { TidyRun, TidySettings } from '../../ports/store.ts'
import { type AccessSpaceDeps, accessSpace } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import { type TakeSlotDeps, takeSlot } from '../access/rate-limit.ts'
import type { SpaceRef } from '../content/content-files.ts'
import { type ReplanRoutinesDeps, replanRoutines } from '../routines/routine-schedule.ts'
import { nextDaily, type QueueRunDeps, queueRun } from './tidy-schedule.ts'

/** Whether a string names an IANA time zone this runtime knows. */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

export type UpdateTidySettingsDeps = AccessSpaceDeps & ReplanRoutinesDeps & Pick<Deps, 'clock'>

/** Changes when and how a space's tidy-up runs on its own (admin); the next daily run follows. */
export async function updateTidySettings(
  deps: UpdateTidySettingsDeps,
  actor: Actor,
  ref: SpaceRef,
  input: Partial<Omit<TidySettings, 'nextDailyAt'>>,
): Promise<TidySettings> {
  const { space, orgStore } = await accessSpace(deps, actor, ref.org, ref.space, 'space.admin')
  if (input.time !== undefined && !/^([01]\d|2[0-3]):[0-5]\d$/.test(input.time))
    throw new DomainError('time_invalid')
  if (input.timezone !== undefined && !isTimeZone(input.timezone))
    throw new DomainError('timezone_invalid', { value: input.timezone })
  const ai = await orgStore.ai.get()
  if (input.model && ai && ai.monthlyBudget !== null && !priceFor(ai, input.model)) {
    throw new DomainError('budget_unpriced', { value: input.model })
  }
  const merged = { ...(await orgStore.space(space.id).tidy.settings()), ...input }
  const nextDailyAt = merged.enabled ? nextDaily(merged.time, merged.timezone, deps.clock.now()) : null
  const updated = await orgStore.space(space.id).tidy.updateSettings({ ...input, nextDailyAt })
  // The space's time zone is its routines' too: their next run moves with it.
  if (input.timezone !== undefined) await replanRoutines(deps, orgStore, space)
  return updated
}

export type StartTidyDeps = AccessSpaceDeps & TakeSlotDeps & QueueRunDeps & Pick<Deps, 'clock'>

/** Starts a tidy-up by hand (contributor): 5 runs per person and space per 24 hours, 20 for an organization admin. */
export async function startTidy(deps: StartTidyDeps, actor: Actor, ref: SpaceRef): Promise<TidyRun> {
  const { space, orgStore, spaceRole } = await accessSpace(deps, actor, ref.org, ref.space, 'space.write')
  const limit = spaceRole === 'admin' ? MANUAL_TIDY_RUNS_ADMIN : MANUAL_TIDY_RUNS
  const key = `tidy:${space.id}:${actor.account.id}`
  const slot = await takeSlot(
    deps,
    [{ key, limit }],
    (wait) => new DomainError('too_many_tidy_runs', { limit: limit.max, retry_after: wait }, wait),
  )
  try {
    return await queueRun(deps, orgStore, space, 'manual', actor.account.id, deps.clock.now())
  } catch (error) {
    await slot.release()
    throw error
  }
}

export type ListTidyRunsDeps = AccessSpaceDeps

/** A space's tidy-up runs, newest first (readers). */
export async function listTidyRuns(
  deps: ListTidyRunsDeps,
  actor: Actor,
  ref: SpaceRef,
  limit = 50,
): Promise<TidyRun[]> {
  const { space, orgStore } = await accessSpace(deps, actor, ref.org, ref.space, 'space.read')
  return await orgStore.space(space.id).tidy.runs(limit)
}

export type TidySettingsOfDeps = AccessSpaceDeps

/** When and how a space's tidy-up runs on its own (admin), for the settings screen. */
export async function tidySettingsOf(
  deps: TidySettingsOfDeps,
  actor: Actor,
  ref: SpaceRef,
): Promise<TidySettings> {
  const { space, orgStore } = await accessSpace(deps, actor, ref.org, ref.space, 'space.admin.read')
  return await orgStore.space(space.id).tidy.settings()
}
