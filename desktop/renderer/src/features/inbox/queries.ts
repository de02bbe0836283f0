import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api, ok } from '../../app/api.ts'

/** How many items a page of the inbox list shows. */
export const INBOX_PAGE_SIZE = 20

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

export type InboxItemWithBody = Awaited<ReturnType<typeof fetchItem>>
