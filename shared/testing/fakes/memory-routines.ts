import type { Routine, RoutineRun, RoutineStore } from '../../ports/store.ts'
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
  type RoutineRunRow,
} from './memory-tables.ts'

const ROUTINE = fields<Routine>({
  id: true,
  spaceId: true,
  name: true,
  template: true,
  instructions: true,
  frequency: true,
  weekday: true,
  monthday: true,
  at: true,
  scope: true,
  outputPage: true,
  outputInbox: true,
  outputWebhook: true,
  webhookSecret: true,
  outputEmail: true,
  enabled: true,
  nextRun: true,
  lastRun: true,
  createdAt: true,
})

const ROUTINE_RUN = fields<RoutineRunRow>({
  id: true,
  routineId: true,
  orgId: true,
  spaceId: true,
  status: true,
  trigger: true,
  model: true,
  summary: true,
  report: true,
  outputs: true,
  commit: true,
  inputTokens: true,
  outputTokens: true,
  cost: true,
  quota: true,
  error: true,
  requestedBy: true,
  createdAt: true,
  startedAt: true,
  finishedAt: true,
})

/** What an update may change: everything but which routine or run it is, and where it belongs. */
const ROUTINE_CHANGES = ROUTINE.filter((key) => key !== 'id' && key !== 'spaceId')
const RUN_CHANGES = ROUTINE_RUN.filter((key) => !['id', 'routineId', 'orgId', 'spaceId'].includes(key))

/** Whether `changes` names a field, leaving out the `optional` ones given as undefined. */
const namesAny = (changes: object, optional: string[]) =>
  Object.entries(changes).some(([key, value]) => value !== undefined || !optional.includes(key))

/** A run as the port shows it: a run whose space was deleted since has none (0). */
const toRun = ({ orgId: _org, spaceId, ...run }: RoutineRunRow): RoutineRun => ({
  ...run,
  spaceId: spaceId ?? 0,
})

/** The routines of one space and their runs in memory; a space of another organization is refused. */
export function memoryRoutines(
  tables: MemoryTables,
  { check, orgId }: MemoryOrgScope,
  spaceId: number,
): RoutineStore {
  const routineOf = (id: string) => {
    const routine = tables.routines.get(id)
    return routine?.spaceId === spaceId ? routine : undefined
  }
  const runOf = (id: string) => {
    const run = tables.routineRuns.get(id)
    return run?.spaceId === spaceId ? run : undefined
  }
  const store: Sync<RoutineStore> = {
    list: () => {
      check(spaceId)
      return [...tables.routines.values()]
        .filter((routine) => routine.spaceId === spaceId)
        .sort((a, b) => a.createdAt - b.createdAt)
    },
    get: (id) => {
      check(spaceId)
      return routineOf(id)
    },
    create: (routine) => {
      check(spaceId)
      mustBeNew(tables.routines.has(routine.id), 'routines.id')
      tables.routines.set(routine.id, pick({ ...routine, spaceId }, ROUTINE))
    },
    update: (id, changes) => {
      check(spaceId)
      const routine = routineOf(id)
      // As the SQLite adapter: no change named reads the routine back; changes all undefined are refused.
      if (!namesAny(changes, ['scope'])) return routine
      const set = changesOf<Routine>(changes, ROUTINE_CHANGES)
      mustSetSomething(set)
      if (routine) Object.assign(routine, set)
      return routine
    },
    delete: (id) => {
      check(spaceId)
      return routineOf(id) !== undefined && tables.routines.delete(id)
    },
    createRun: (run) => {
      check(spaceId)
      mustBeNew(tables.routineRuns.has(run.id), 'routine_runs.id')
      if (run.requestedBy !== null)
        mustRefer(tables.accounts.has(run.requestedBy), 'routine_runs.requested_by')
      tables.routineRuns.set(run.id, pick({ ...run, orgId, spaceId }, ROUTINE_RUN))
    },
    updateRun: (id, changes) => {
      check(spaceId)
      const run = runOf(id)
      if (!namesAny(changes, ['outputs', 'quota'])) return
      const set = changesOf<RoutineRunRow>(changes, RUN_CHANGES)
      mustSetSomething(set)
      if (run) Object.assign(run, set)
    },
    run: (id) => {
      check(spaceId)
      const run = runOf(id)
      return run && toRun(run)
    },
    runs: (routineId, limit) => {
      check(spaceId)
      // Newest first; of two runs created in the same millisecond, the later one.
      const runs = [...tables.routineRuns.values()]
        .filter((run) => run.routineId === routineId && run.spaceId === spaceId)
        .reverse()
        .sort((a, b) => b.createdAt - a.createdAt)
      return limited(runs, limit).map(toRun)
    },
  }
  return memoryPort(store)
}
