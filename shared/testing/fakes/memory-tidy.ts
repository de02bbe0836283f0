import { DEFAULT_TIDY } from '../../adapters/database/store-rows.ts'
import type { OrgTidyStore, TidyRun, TidySettings, TidyStore } from '../../ports/store.ts'
import type { Sync } from '../../ports/sync.ts'
import type { MemoryOrgScope } from './memory-org-scope.ts'
import { memoryPort } from './memory-port.ts'
import {
  changesOf,
  fields,
  limited,
  type MemoryTables,
  mustBeNew,
  mustRefer,
  mustSetSomething,
  pick,
} from './memory-tables.ts'

const TIDY_SETTINGS = fields<TidySettings>({
  enabled: true,
  time: true,
  timezone: true,
  model: true,
  delay: true,
  nextDailyAt: true,
})

const TIDY_RUN = fields<TidyRun>({
  id: true,
  spaceId: true,
  status: true,
  trigger: true,
  model: true,
  itemsDone: true,
  itemsLeft: true,
  summary: true,
  operations: true,
  commit: true,
  inputTokens: true,
  outputTokens: true,
  cost: true,
  error: true,
  revertedAt: true,
  revertCommit: true,
  requestedBy: true,
  createdAt: true,
  startedAt: true,
  finishedAt: true,
})

/** What a run's update may change: everything but which run it is. */
const RUN_CHANGES = TIDY_RUN.filter((key) => key !== 'id' && key !== 'spaceId')

/** The tidy-up settings and runs of one space in memory; a space of another organization is refused. */
export function memoryTidy(tables: MemoryTables, { check }: MemoryOrgScope, spaceId: number): TidyStore {
  const runOf = (id: string) => {
    const run = tables.tidyRuns.get(id)
    return run?.spaceId === spaceId ? run : undefined
  }
  const store: Sync<TidyStore> = {
    settings: () => {
      check(spaceId)
      return tables.tidySettings.get(spaceId) ?? { ...DEFAULT_TIDY }
    },
    updateSettings: (changes) => {
      check(spaceId)
      const set = changesOf(changes, TIDY_SETTINGS)
      mustSetSomething(set)
      const settings = { ...(tables.tidySettings.get(spaceId) ?? DEFAULT_TIDY), ...set }
      tables.tidySettings.set(spaceId, settings)
      return settings
    },
    createRun: (run) => {
      check(spaceId)
      mustBeNew(tables.tidyRuns.has(run.id), 'tidy_runs.id')
      if (run.requestedBy !== null) mustRefer(tables.accounts.has(run.requestedBy), 'tidy_runs.requested_by')
      tables.tidyRuns.set(run.id, pick({ ...run, spaceId }, TIDY_RUN))
    },
    updateRun: (id, changes) => {
      check(spaceId)
      const run = runOf(id)
      const set = changesOf<TidyRun>(changes, RUN_CHANGES)
      mustSetSomething(set)
      if (run) Object.assign(run, set)
    },
    run: (id) => {
      check(spaceId)
      return runOf(id)
    },
    runs: (limit) => {
      check(spaceId)
      // Newest first; of two runs created in the same millisecond, the later one.
      const runs = [...tables.tidyRuns.values()].filter((run) => run.spaceId === spaceId).reverse()
      return limited(
        runs.sort((a, b) => b.createdAt - a.createdAt),
        limit,
      )
    },
  }
  return memoryPort(store)
}

/** What one organization's spaces spend and choose for their tidy-ups, in memory. */
export function memoryOrgTidy(tables: MemoryTables, scope: MemoryOrgScope): OrgTidyStore {
  const store: Sync<OrgTidyStore> = {
    spaceModels: () => {
      const spaceIds = scope.spaceIds()
      return [...tables.tidySettings]
        .filter(([spaceId, settings]) => spaceIds.has(spaceId) && settings.model !== '')
        .sort(([a], [b]) => a - b)
        .map(([, settings]) => settings.model)
    },
    spentSince: (since) => {
      const spaceIds = scope.spaceIds()
      let total = 0
      for (const run of tables.tidyRuns.values())
        if (spaceIds.has(run.spaceId) && run.createdAt >= since) total += run.cost
      // Routine runs belong to the organization itself: they count after their routine is deleted.
      for (const run of tables.routineRuns.values())
        if (run.orgId === scope.orgId && run.createdAt >= since) total += run.cost
      return total
    },
  }
  return memoryPort(store)
}
