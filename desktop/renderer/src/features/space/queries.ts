import {
  infiniteQueryOptions,
  type QueryClient,
  type QueryKey,
  queryOptions,
  useQuery,
  useSuspenseQuery,
} from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import type { InferResponseType } from 'hono/client'
import { useDeferredValue, useMemo, useRef } from 'react'
import { api, encodePath, ok, reach } from '../../app/api.ts'
import { hasInternalLink } from '../../markdown/internal-links.ts'
import { type FileRead, readFile } from '../editor/file-api.ts'
import { organizationsQuery } from '../organization/queries.ts'

export type { FileRead }

const spaceApi = api.organizations[':org'].spaces[':space']

/**
 * The cache keys of spaces and what is read of them. Everything of one space is keyed
 * `[kind, org, space, ...]` (see `isOfSpace`), so a kind is forgotten for one space by its prefix.
 */
export const spaceKeys = {
  /** Every space the person can read. */
  list: () => ['spaces'] as const,
  /** A space's details, with the person's role in it. */
  details: (org: string, space: string) => ['space', org, space] as const,
  /** A space's whole tree; its folders' listings are under this key too, forgotten with it. */
  tree: (org: string, space: string) => ['tree', org, space] as const,
  treeFolder: (org: string, space: string, folder: string) => ['tree', org, space, 'folder', folder] as const,
  /** Every file read of a space, at the tip or at a commit. */
  files: (org: string, space: string) => ['file', org, space] as const,
  /** A file at the tip; with `ref`, as it was at a commit (under the tip's key, forgotten with it). */
  file: (org: string, space: string, path: string, ref?: string) =>
    ref ? (['file', org, space, path, ref] as const) : (['file', org, space, path] as const),
  /** Every file history read of a space. */
  histories: (org: string, space: string) => ['history', org, space] as const,
  history: (org: string, space: string, path: string) => ['history', org, space, path] as const,
  /** Every list of related pages read in a space. */
  allRelated: (org: string, space: string) => ['related', org, space] as const,
  related: (org: string, space: string, path: string) => ['related', org, space, path] as const,
  /** What a commit changed in a file, against the version before (`null`: none, it created the file). */
  diff: (org: string, space: string, path: string, commit: string, previous: string | null) =>
    ['diff', org, space, path, commit, previous] as const,
}

/** Whether a cache key holds something of one space (`[kind, org, space, ...]`). */
export function isOfSpace(queryKey: QueryKey, org: string, space: string): boolean {
  return queryKey[1] === org && queryKey[2] === space
}

/** Every space the person can read (all of them, for the super admin): home, search, pickers. */
export const spacesQuery = queryOptions({
  queryKey: spaceKeys.list(),
  queryFn: () => ok(api.spaces.$get()),
})

/** A space's details, with the caller's role (`admin`, `contributor` or `reader`). */
export function spaceQuery(org: string, space: string) {
  return queryOptions({
    queryKey: spaceKeys.details(org, space),
    queryFn: () => ok(spaceApi.$get({ param: { org, space } })),
  })
}

/**
 * A listing of a space's tree, and whether the server guessed some of its pages' titles from their
 * file names (its search index had not read them yet): such a listing has no `ETag`.
 */
async function fetchTree(org: string, space: string, query: { folder?: string; depth?: string } = {}) {
  const res = await reach(spaceApi.tree.$get({ param: { org, space }, query }))
  const listed = await ok(Promise.resolve(res))
  return { listed, guessed: listed.length > 0 && !res.headers.has('etag') }
}

/** What the tree endpoint lists: a file, or (when the listing is cut at a depth) a folder deeper down. */
type TreeListed = Awaited<ReturnType<typeof fetchTree>>['listed'][number]
/** A file of a space as the tree endpoint lists it. */
export type TreeEntry = Exclude<TreeListed, { type: 'folder' }>
/** A folder below a listing's depth, with how many files it holds. */
export type TreeFolderEntry = Extract<TreeListed, { type: 'folder' }>

/**
 * How soon a listing with guessed titles is read again: soon at first, then less often, so that the
 * pages' own titles replace their file names once the index has read them (a large space just added).
 */
function guessedTitlesInterval(query: {
  state: { data?: { guessed: boolean }; dataUpdateCount: number }
}): number | false {
  if (!query.state.data?.guessed) return false
  return Math.min(1_000 * 1.5 ** query.state.dataUpdateCount, 15_000)
}

/** Every file of a space: path, size, sha (shared by links between pages, pickers and the filtered tree). */
export function treeQuery(org: string, space: string) {
  return queryOptions({
    queryKey: spaceKeys.tree(org, space),
    queryFn: () => fetchTree(org, space),
    refetchInterval: guessedTitlesInterval,
    // Without a depth the listing holds files only.
    select: (read) => read.listed as TreeEntry[],
  })
}

/** Every file's path of a space, read once and shared with the tree's other readers. */
export async function readSpacePaths(
  queryClient: QueryClient,
  org: string,
  space: string,
): Promise<string[]> {
  // The tree's own key and reader (fetchQuery answers what the reader gives, not what the query selects).
  const { queryKey, queryFn } = treeQuery(org, space)
  const { listed } = await queryClient.fetchQuery({ queryKey, queryFn })
  return listed.flatMap((entry) => ('type' in entry ? [] : [entry.path]))
}

/**
 * Every file's path of a space, for the links of `text` to files of the space (`[[Page]]`,
 * `[Page](page.md)`): wiki links resolve against it, links to missing files are marked. The whole tree
 * is read only when the text has such links, as it is the size of the space (a megabyte at 10,000
 * pages); the page is drawn meanwhile (or from the tree already read by another screen).
 */
export function useLinkPaths(org: string, space: string, text: string | undefined): string[] | undefined {
  const wanted = useMemo(() => text !== undefined && hasInternalLink(text), [text])
  const tree = useQuery({ ...treeQuery(org, space), enabled: wanted })
  const last = useRef<string[] | undefined>(undefined)
  const paths = useMemo(() => {
    const read = wanted ? tree.data?.map((entry) => entry.path) : undefined
    // The same array while the paths are the same (a tree read again for its titles): the page is not
    // rendered again for nothing.
    if (!read || !last.current || !samePaths(read, last.current)) last.current = read
    return last.current
  }, [wanted, tree.data])
  // Marking a long page's links is low-priority work, done between the person's clicks and keys; a
  // wiki link's address needs the paths (a click before would go to a guess): not deferred then.
  const deferred = useDeferredValue(paths)
  return text?.includes('[[') ? paths : deferred
}

function samePaths(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((path, i) => path === b[i])
}

/** One folder of a space ('' for the top): its own files, and its sub-folders with their number of files. */
export function treeFolderQuery(org: string, space: string, folder: string) {
  return queryOptions({
    queryKey: spaceKeys.treeFolder(org, space, folder),
    queryFn: async () => {
      const { listed, guessed } = await fetchTree(
        org,
        space,
        folder ? { folder, depth: '1' } : { depth: '1' },
      )
      return {
        files: listed.filter((entry): entry is TreeEntry => !('type' in entry)),
        folders: listed.filter((entry): entry is TreeFolderEntry => 'type' in entry),
        guessed,
      }
    },
    refetchInterval: guessedTitlesInterval,
  })
}

/**
 * A space's details and the top of its tree, each asked for unless read before, settled once both are
 * read or refused; and the organizations beside them: the breadcrumbs name the space's, and are drawn
 * with the screen rather than once a page has rendered them.
 */
export function readSpace(queryClient: QueryClient, org: string, space: string): Promise<unknown> {
  const quietly = () => undefined
  void queryClient.ensureQueryData(organizationsQuery).catch(quietly)
  return Promise.all([
    queryClient.ensureQueryData(spaceQuery(org, space)).catch(quietly),
    queryClient.ensureQueryData(treeFolderQuery(org, space, '')).catch(quietly),
  ])
}

/** How long a file just read at the tip is not read again for a screen showing it. */
const TIP_READ_FRESH_MS = 2_000

/** A file of a space, at the tip or, with `ref`, as it was at a commit of its history. */
export function fileQuery(org: string, space: string, path: string, ref?: string) {
  return queryOptions({
    queryKey: spaceKeys.file(org, space, path, ref),
    queryFn: () => readFile(org, space, path, ref),
    // A version at a commit never changes. The tip is read again each time a screen shows it (what is
    // kept shows meanwhile), but not when it was read this very moment: the page route reads the text
    // before its screen mounts.
    staleTime: ref ? Number.POSITIVE_INFINITY : TIP_READ_FRESH_MS,
  })
}

/** How many commits the history screen lists at a time. */
const HISTORY_LIMIT = 100

/** A page of a file's history: the newest commits, or those older than `before`. */
const fetchHistory = (org: string, space: string, path: string, before?: string) =>
  ok(
    spaceApi.history[':path{.+}'].$get({
      param: { org, space, path: encodePath(path) },
      query: { limit: String(HISTORY_LIMIT), ...(before ? { before } : {}) },
    }),
  )

/** A commit that touched a file. */
export type Commit = Awaited<ReturnType<typeof fetchHistory>>[number]

/** The commits that touched a file, newest first, a page at a time: a full page may have older ones after it. */
export function historyQuery(org: string, space: string, path: string) {
  return infiniteQueryOptions({
    queryKey: spaceKeys.history(org, space, path),
    queryFn: ({ pageParam }) => fetchHistory(org, space, path, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => (page.length < HISTORY_LIMIT ? undefined : page.at(-1)?.commit),
  })
}

/** A page related to another, with the reason in plain words. */
export type RelatedPage = InferResponseType<
  (typeof spaceApi.files)[':path{.+}']['related']['$get'],
  200
>[number]

/** Pages related to a page, best first. */
export function relatedQuery(org: string, space: string, path: string) {
  return queryOptions({
    queryKey: spaceKeys.related(org, space, path),
    queryFn: () =>
      ok(
        spaceApi.files[':path{.+}'].related.$get({
          param: { org, space, path: encodePath(path) },
          query: {},
        }),
      ),
  })
}

/** The open file's path: the splat of `/page/$`, `/history/$` or `/edit/$` ('' elsewhere). */
export function useFilePath(): string {
  return useParams({ strict: false, select: (params) => (params as { _splat?: string })._splat ?? '' })
}

/** The open space's `org` and `space` from the address. */
export function useSpaceParams(): { org: string; space: string } {
  // Each read on its own: a component of the space renders again when the space changes, not the page.
  const org = useParams({ strict: false, select: (params) => (params as { org?: string }).org ?? '' })
  const space = useParams({ strict: false, select: (params) => (params as { space?: string }).space ?? '' })
  return { org, space }
}

/** Whether a role on a space lets its holder write there (contributors and admins). */
export function canWriteAs(role: string | undefined): boolean {
  return role === 'admin' || role === 'contributor'
}

/** The open space and what the person may do in it. */
export function useSpace() {
  const { org, space } = useSpaceParams()
  const details = useSuspenseQuery(spaceQuery(org, space)).data
  return {
    org,
    space,
    details,
    canWrite: canWriteAs(details.role),
    isAdmin: details.role === 'admin',
  }
}
