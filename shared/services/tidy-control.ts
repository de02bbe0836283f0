import { priceFor } from '../domain/ai-prices.ts'
import { MANUAL_TIDY_RUNS, MANUAL_TIDY_RUNS_ADMIN } from '../domain/limits.ts'
import { DomainError } from '../errors/domain-error.ts'
import type { TidyRun, TidySettings } from '../ports/store.ts'
import { accessSpace } from './access.ts'
import type { Actor } from './actor.ts'
import type { SpaceRef } from './content-files.ts'
import type { Deps } from './deps.ts'
import { takeSlot } from './rate-limit.ts'
import { nextDaily, queueRun } from './tidy-schedule.ts'

/** Whether a string names an IANA time zone this runtime knows. */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/** Changes when and how a space's tidy-up runs on its own (admin); the next daily run follows. */
export function updateTidySettings(
  deps: Deps,
  actor: Actor,
  ref: SpaceRef,
  input: Partial<Omit<TidySettings, 'nextDailyAt'>>,
): TidySettings {
  const { space, orgStore } = accessSpace(deps, actor, ref.org, ref.space, 'space.admin')
  if (input.time !== undefined && !/^([01]\d|2[0-3]):[0-5]\d$/.test(input.time))
    throw new DomainError('time_invalid')
  if (input.timezone !== undefined && !isTimeZone(input.timezone))
    throw new DomainError('timezone_invalid', { value: input.timezone })
  const ai = orgStore.aiSettings()
  if (input.model && ai && ai.monthlyBudget !== null && !priceFor(ai, input.model)) {
    throw new DomainError('budget_unpriced', { value: input.model })
  }
  const merged = { ...orgStore.tidySettings(space.id), ...input }
  const nextDailyAt = merged.enabled ? nextDaily(merged.time, merged.timezone, deps.clock.now()) : null
  return orgStore.updateTidySettings(space.id, { ...input, nextDailyAt })
}

/** Starts a tidy-up by hand (contributor): 5 runs per person and space per 24 hours, 20 for an organization admin. */
export function startTidy(deps: Deps, actor: Actor, ref: SpaceRef): TidyRun {
  const { space, orgStore, spaceRole } = accessSpace(deps, actor, ref.org, ref.space, 'space.write')
  const limit = spaceRole === 'admin' ? MANUAL_TIDY_RUNS_ADMIN : MANUAL_TIDY_RUNS
  const key = `tidy:${space.id}:${actor.account.id}`
  const slot = takeSlot(
    deps,
    [{ key, limit }],
    (wait) => new DomainError('too_many_tidy_runs', { limit: limit.max, retry_after: wait }, wait),
  )
  try {
    return queueRun(deps, orgStore, space, 'manual', actor.account.id, deps.clock.now())
  } catch (error) {
    slot.release()
    throw error
  }
}

/** A space's tidy-up runs, newest first (readers). */
export function listTidyRuns(deps: Deps, actor: Actor, ref: SpaceRef, limit = 50): TidyRun[] {
  const { space, orgStore } = accessSpace(deps, actor, ref.org, ref.space, 'space.read')
  return orgStore.tidyRuns(space.id, limit)
}

/** When and how a space's tidy-up runs on its own (admin), for the settings screen. */
export function tidySettingsOf(deps: Deps, actor: Actor, ref: SpaceRef): TidySettings {
  const { space, orgStore } = accessSpace(deps, actor, ref.org, ref.space, 'space.admin.read')
  return orgStore.tidySettings(space.id)
}
