import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { api, ok } from '../../app/api.ts'
import { desktopKeys } from '../desktop/queries.ts'
import { homeKeys } from '../home/queries.ts'
import { inboxKeys } from '../inbox/queries.ts'
import { qualityKeys } from '../quality/queries.ts'
import { searchKeys } from '../search/queries.ts'
import { spaceKeys } from '../space/queries.ts'

/** How often the runs are read again while one is queued or running. */
const RUN_POLL_MS = 1000

/** The cache keys of a space's tidy-up (`[kind, org, space]`, as everything of a space). */
export const tidyKeys = {
  runs: (org: string, space: string) => ['tidy-runs', org, space] as const,
}

const fetchRuns = (org: string, space: string) =>
  ok(api.organizations[':org'].spaces[':space'].tidy.runs.$get({ param: { org, space } }))

export type TidyRun = Awaited<ReturnType<typeof fetchRuns>>[number]

/** A space's tidy-up runs, newest first. */
export function tidyRunsQuery(org: string, space: string) {
  return queryOptions({ queryKey: tidyKeys.runs(org, space), queryFn: () => fetchRuns(org, space) })
}

/** Whether a run has yet to finish. */
export function isUnderWay(run: TidyRun): boolean {
  return run.status === 'queued' || run.status === 'running'
}

/**
 * The runs, read again every second while one is under way; once the last one ends, what it changed
 * (inbox, page tree, search) is read again too.
 */
export function useTidyRuns(org: string, space: string) {
  const client = useQueryClient()
  const runs = useQuery({
    ...tidyRunsQuery(org, space),
    refetchInterval: (query) => (query.state.data?.some(isUnderWay) ? RUN_POLL_MS : false),
  })
  const busy = runs.data?.some(isUnderWay) ?? false
  const wasBusy = useRef(busy)
  useEffect(() => {
    if (wasBusy.current && !busy) void invalidateSpaceContent(client, org, space)
    wasBusy.current = busy
  }, [busy, client, org, space])
  return runs
}

/**
 * Forgets what a tidy-up or a revert may have changed in a space: its notes, pages and their counts.
 * Resolves once the inbox shown is read again.
 */
export function invalidateSpaceContent(
  client: ReturnType<typeof useQueryClient>,
  org: string,
  space: string,
): Promise<void> {
  const inbox = client.invalidateQueries({ queryKey: inboxKeys.all(org, space) })
  for (const queryKey of [
    spaceKeys.tree(org, space),
    spaceKeys.files(org, space),
    spaceKeys.histories(org, space),
    spaceKeys.allRelated(org, space),
    qualityKeys.health(org, space),
    homeKeys.activity(org, space),
  ])
    void client.invalidateQueries({ queryKey })
  void client.invalidateQueries({ queryKey: searchKeys.all() })
  // The desktop's list counts the commits waiting to be synced.
  void client.invalidateQueries({ queryKey: desktopKeys.spaces() })
  return inbox
}

/** Notes a run filed: those it wrote into a page (a note may go into several). */
export function filedNotes(run: TidyRun): number {
  const notes = new Set<unknown>()
  for (const op of run.operations) if (op.kind !== 'leave' && op.applied !== false) notes.add(op.note)
  return notes.size
}
