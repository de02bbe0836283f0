import { queryOptions } from '@tanstack/react-query'
import { api, ok } from '../../app/api.ts'

type Param = { org: string; space: string }
const routinesApi = () => api.organizations[':org'].spaces[':space'].routines

/** The cache keys of a space's routines (`[kind, org, space]`, as everything of a space). */
export const routineKeys = {
  list: ({ org, space }: Param) => ['routines', org, space] as const,
  runs: ({ org, space }: Param, id: string) => ['routines', org, space, id, 'runs'] as const,
}

const fetchRoutines = (param: Param) => ok(routinesApi().$get({ param }))
const fetchRuns = (param: Param, id: string) =>
  ok(routinesApi()[':id'].runs.$get({ param: { ...param, id } }))

/** A routine as the API shows it. */
export type Routine = Awaited<ReturnType<typeof fetchRoutines>>[number]
/** One run of a routine. */
export type RoutineRun = Awaited<ReturnType<typeof fetchRuns>>[number]

/** A space's routines, oldest first. */
export const routinesQuery = (param: Param) =>
  queryOptions({ queryKey: routineKeys.list(param), queryFn: () => fetchRoutines(param) })

/** How often a routine's runs are read again while one of them runs. */
const RUNNING_POLL_MS = 2_000

/** A routine's runs, newest first; read again while one is running, so its end shows. */
export const routineRunsQuery = (param: Param, id: string) =>
  queryOptions({
    queryKey: routineKeys.runs(param, id),
    queryFn: () => fetchRuns(param, id),
    refetchInterval: (query) =>
      query.state.data?.some((run) => run.status === 'running') ? RUNNING_POLL_MS : false,
  })
