import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { api, ok } from '../../app/api.ts'
import { desktopKeys } from '../desktop/queries.ts'
import { homeKeys } from '../home/queries.ts'
import { qualityKeys } from '../quality/queries.ts'
import { searchKeys } from '../search/queries.ts'
import { spaceKeys } from '../space/queries.ts'

/** How many items a page of the inbox list shows. */
export const INBOX_PAGE_SIZE = 20
/** How often the runs are read again while one is queued or running. */
const RUN_POLL_MS = 1000

export type InboxKind = 'note' | 'change' | 'left'

/** The cache keys of a space's inbox (`[kind, org, space, ...]`, as everything of a space). */
export const inboxKeys = {
  /** Everything of a space's inbox: its pages and its items. */
  all: (org: string, space: string) => ['inbox', org, space] as const,
  /** One page of the list, for one filter (`all` when none). */
  list: (org: string, space: string, kind: InboxKind | undefined, page: number) =>
    ['inbox', org, space, 'list', kind ?? 'all', page] as const,
  item: (org: string, space: string, name: string) => ['inbox', org, space, 'item', name] as const,
}

/** The cache keys of a space's tidy-up. */
export const tidyKeys = {
  runs: (org: string, space: string) => ['tidy-runs', org, space] as const,
}

const spaceApi = api.organizations[':org'].spaces[':space']

async function fetchInbox(org: string, space: string, kind: InboxKind | undefined, page: number) {
  const res = await spaceApi.inbox.$get({
    param: { org, space },
    query: {
      ...(kind ? { kind } : {}),
      limit: String(INBOX_PAGE_SIZE),
      offset: String(page * INBOX_PAGE_SIZE),
    },
  })
  const items = await ok(Promise.resolve(res))
  return { items, page, total: Number(res.headers.get('x-total-count') ?? items.length) }
}

export type InboxItemSummary = Awaited<ReturnType<typeof fetchInbox>>['items'][number]

/** One page of a space's inbox, with the total from `X-Total-Count`. */
export function inboxQuery(org: string, space: string, kind: InboxKind | undefined, page: number) {
  return queryOptions({
    queryKey: inboxKeys.list(org, space, kind, page),
    queryFn: () => fetchInbox(org, space, kind, page),
    placeholderData: keepPreviousData,
  })
}

const fetchItem = (org: string, space: string, name: string) =>
  ok(spaceApi.inbox[':name'].$get({ param: { org, space, name } }))

/** One inbox item with its body (a note's text, or a change's commits and diff). */
export function inboxItemQuery(org: string, space: string, name: string) {
  return queryOptions({
    queryKey: inboxKeys.item(org, space, name),
    queryFn: () => fetchItem(org, space, name),
  })
}

const fetchRuns = (org: string, space: string) => ok(spaceApi.tidy.runs.$get({ param: { org, space } }))

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
    if (wasBusy.current && !busy) invalidateSpaceContent(client, org, space)
    wasBusy.current = busy
  }, [busy, client, org, space])
  return runs
}

/** Forgets what a tidy-up or a revert may have changed in a space: its notes, pages and their counts. */
export function invalidateSpaceContent(
  client: ReturnType<typeof useQueryClient>,
  org: string,
  space: string,
): void {
  for (const queryKey of [
    inboxKeys.all(org, space),
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
}

/** Notes a run filed: those it wrote into a page (a note may go into several). */
export function filedNotes(run: TidyRun): number {
  const notes = new Set<unknown>()
  for (const op of run.operations) if (op.kind !== 'leave' && op.applied !== false) notes.add(op.note)
  return notes.size
}

export type InboxItemWithBody = Awaited<ReturnType<typeof fetchItem>>
