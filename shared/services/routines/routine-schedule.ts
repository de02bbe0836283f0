import { Cron } from 'croner'
import type { Deps } from '../../ports/deps.ts'
import type { Routine } from '../../ports/routines.ts'
import type { OrgStore, Space } from '../../ports/store.ts'

/** The job kind of a routine run. */
export const ROUTINE_JOB = 'routine'

type When = Pick<Routine, 'frequency' | 'weekday' | 'monthday' | 'at'>

/**
 * The first time strictly after `after` when the routine is due, in the space's time zone: croner
 * keeps `HH:MM` local across daylight-saving changes. Weekday 0 is Monday (cron counts from Sunday).
 */
export function nextRoutineRun(when: When, timezone: string, after: number): number {
  const [hours = '0', minutes = '0'] = when.at.split(':')
  const time = `${Number(minutes)} ${Number(hours)}`
  const pattern =
    when.frequency === 'daily'
      ? `${time} * * *`
      : when.frequency === 'weekly'
        ? `${time} * * ${(when.weekday + 1) % 7}`
        : `${time} ${when.monthday} * *`
  const next = new Cron(pattern, { timezone }).nextRun(new Date(after))
  if (!next) throw new Error(`no next run for ${pattern} ${timezone}`)
  return next.getTime()
}

export type PlannedRunDeps = Pick<Deps, 'clock'>

/** When a routine runs next from now, or null when it is disabled. */
export async function plannedRun(
  deps: PlannedRunDeps,
  orgStore: OrgStore,
  space: Space,
  when: When & { enabled: boolean },
) {
  if (!when.enabled) return null
  const { timezone } = await orgStore.space(space.id).tidy.settings()
  return nextRoutineRun(when, timezone, deps.clock.now())
}

export type ReplanRoutinesDeps = Pick<Deps, 'clock'>

/** Plans again the next run of a space's enabled routines (its time zone changed). */
export async function replanRoutines(
  deps: ReplanRoutinesDeps,
  orgStore: OrgStore,
  space: Space,
): Promise<void> {
  const { timezone } = await orgStore.space(space.id).tidy.settings()
  const routines = orgStore.space(space.id).routines
  for (const routine of await routines.list()) {
    if (routine.enabled)
      await routines.update(routine.id, { nextRun: nextRoutineRun(routine, timezone, deps.clock.now()) })
  }
}
