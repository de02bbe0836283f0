import './space.css'
import { useQueries, useQuery } from '@tanstack/react-query'
import { Link, useNavigate, useSearch } from '@tanstack/react-router'
import { useVirtualizer } from '@tanstack/react-virtual'
import {
  type KeyboardEvent,
  type RefObject,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorNote, Loading } from '../../components/states.tsx'
import { MoveDropDialog } from './move-drop-dialog.tsx'
import { treeFolderQuery, treeQuery, useFilePath, useSpace, useSpaceParams } from './queries.ts'
import { type TreeDrag, useTreeDrag } from './tree-drag.ts'
import {
  ancestorsOf,
  attachmentsKey,
  baseNameOf,
  buildFolderTree,
  buildTree,
  type FolderListing,
  filesCounted,
  folderOf,
  folderPaths,
  openKeysFor,
  parentRowOf,
  type TreeFile,
  type TreeRow,
  titleOf,
  visibleRows,
} from './tree-model.ts'
import { TreeRowView } from './tree-row.tsx'

/** A row's height in pixels: fixed, so the virtual list never measures. */
const ROW_HEIGHT = 30
/** A space this small opens with every folder open; a larger one with its folders closed. */
const SMALL_TREE = 200

/**
 * The space's page tree: a link to write a new page, a filter, and every folder, page and attachment.
 * A small space is read whole, with its folders open; a larger one a folder at a time: the top and
 * the folders holding the opened page first, each other folder when it is opened. A filter reads the
 * whole space, to find matches in folders not opened yet.
 */
export function PageTree() {
  const { t } = useTranslation()
  const { org, space, canWrite } = useSpace()
  const top = useQuery(treeFolderQuery(org, space, ''))
  const [filter, setFilter] = useState('')
  const activePath = useFilePath()
  // The folders holding the opened page are asked for with the top, not after it.
  useQueries({ queries: ancestorsOf(activePath).map((path) => treeFolderQuery(org, space, path)) })
  // A new page starts in the folder of the page open, or in the folder shown (a breadcrumb's view).
  const { folder: shown } = useSearch({ strict: false }) as { folder?: string }
  const folder = activePath.includes('/') ? folderOf(activePath) : activePath === '' ? shown : undefined
  const isSmall = top.data ? filesCounted(top.data) <= SMALL_TREE : undefined
  const all = useQuery({ ...treeQuery(org, space), enabled: isSmall === true || filter.trim() !== '' })
  const isReady = isSmall === false || all.data !== undefined
  const error = top.error ?? all.error
  return (
    <div className="page-tree">
      {canWrite && (
        <Link
          to="/s/$org/$space/new"
          params={{ org, space }}
          search={folder ? { folder } : {}}
          className="button primary new-page"
        >
          {t('space.newPage')}
        </Link>
      )}
      <label className="tree-filter">
        {t('space.filter')}
        <input type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
      </label>
      {!isReady && !error && <Loading />}
      <ErrorNote error={error} onRetry={() => void (top.error ? top.refetch() : all.refetch())} />
      {isReady && (
        <TreeList
          all={isSmall || filter.trim() ? all.data : undefined}
          isSmall={isSmall === true}
          filter={filter}
          activePath={activePath}
          canWrite={canWrite}
        />
      )}
    </div>
  )
}

/** The listings of the folders a tree read a folder at a time shows: the top and each open folder, once read. */
function useFolderListings(open: ReadonlySet<string>, isWanted: boolean) {
  const { org, space } = useSpace()
  const wanted = isWanted ? ['', ...[...open].filter((key) => !key.endsWith('/'))].join('\n') : undefined
  // A combination kept while the folders and their answers stay the same, so the tree is built again only then.
  const combine = useCallback(
    (results: { data?: FolderListing }[]) => {
      const listings = new Map<string, FolderListing>()
      const folders = wanted?.split('\n') ?? []
      for (const [i, result] of results.entries()) {
        const folder = folders[i]
        if (result.data && folder !== undefined) listings.set(folder, result.data)
      }
      return listings
    },
    [wanted],
  )
  return useQueries({
    queries: (wanted?.split('\n') ?? []).map((folder) => treeFolderQuery(org, space, folder)),
    combine,
  })
}

function TreeList({
  all,
  isSmall,
  filter,
  activePath: openedPath,
  canWrite,
}: {
  /** The whole space's files, when read (a small space, or under a filter). */
  all: readonly TreeFile[] | undefined
  isSmall: boolean
  filter: string
  activePath: string
  canWrite: boolean
}) {
  const { t } = useTranslation()
  const { org, space } = useSpaceParams()
  // The tree follows the page opened once that page is on screen: its rows and scroll wait a frame.
  const activePath = useDeferredValue(openedPath)
  const [open, setOpen] = useOpenRows(all, isSmall, activePath)
  const listings = useFolderListings(open, !all)
  const root = useMemo(() => (all ? buildTree(all) : buildFolderTree(listings)), [all, listings])
  const files = useMemo(
    () => all ?? [...listings.values()].flatMap((listing) => listing.files),
    [all, listings],
  )
  const deferredFilter = useDeferredValue(filter)
  const rows = useMemo(() => visibleRows(root, open, deferredFilter), [root, open, deferredFilter])
  const scroller = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    // Scrolling renders the rows in React's next batch, not in the middle of another update.
    useFlushSync: false,
  })
  useScrollToActive(rows, activePath, (index) => virtualizer.scrollToIndex(index, { align: 'auto' }))
  const focusRow = useRowFocus(scroller)
  const drag = useTreeDrag(canWrite)
  const toggle = useCallback(
    (row: TreeRow) =>
      setOpen((previous) => {
        const next = new Set(previous)
        const key = keyOf(row)
        if (!next.delete(key)) next.add(key)
        return next
      }),
    [setOpen],
  )
  if (filter.trim() && !all) return <Loading />

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = Number((event.target as HTMLElement).closest<HTMLElement>('[data-index]')?.dataset.index)
    if (!Number.isInteger(at)) return
    const row = rows[at]
    const isGroup = row?.kind === 'folder' || row?.kind === 'attachments'
    let next: number | undefined
    if (event.key === 'ArrowDown') next = Math.min(at + 1, rows.length - 1)
    else if (event.key === 'ArrowUp') next = Math.max(at - 1, 0)
    else if (event.key === 'Home') next = 0
    else if (event.key === 'End') next = rows.length - 1
    else if (event.key === 'ArrowRight' && isGroup && !row.isOpen && !filter) toggle(row)
    else if (event.key === 'ArrowLeft' && isGroup && row.isOpen && !filter) toggle(row)
    else if (event.key === 'ArrowLeft' && row) next = parentRowOf(rows, at)
    else return
    event.preventDefault()
    if (next === undefined) return
    // Under a filter the folders and groups are headings only: the focus goes to the nearest file that way.
    const step = next < at || event.key === 'End' ? -1 : 1
    while (filter && rows[next]?.kind !== 'file' && rows[next + step]) next += step
    if (rows[next]?.kind !== 'file' && filter) return
    virtualizer.scrollToIndex(next, { align: 'auto' })
    focusRow(next)
  }

  if (rows.length === 0)
    return (
      <p className="state empty small">
        {filter ? t('space.noMatch', { filter: deferredFilter }) : t('space.noPages')}
      </p>
    )
  return (
    <nav aria-label={t('space.treeNav')}>
      <RootDropZone drag={drag} />
      {/* biome-ignore lint/a11y/noStaticElementInteractions: arrow keys move between the links and buttons inside. */}
      <div ref={scroller} className="tree-scroll" onKeyDown={onKeyDown}>
        <ul className="tree-rows" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index] as TreeRow
            return (
              <li
                key={`${row.kind}:${row.path}`}
                data-index={item.index}
                className="tree-row"
                style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
              >
                <TreeRowView
                  org={org}
                  space={space}
                  row={row}
                  isActive={row.kind === 'file' && row.path === activePath}
                  isFiltered={!!filter}
                  onToggle={toggle}
                  drag={drag}
                />
              </li>
            )
          })}
        </ul>
      </div>
      <DroppedMove
        drag={drag}
        files={files}
        activePath={openedPath}
        onOpen={(key) => setOpen((previous) => new Set([...previous, key]))}
      />
    </nav>
  )
}

/**
 * While a file outside the root is dragged: a place to drop it at the top of the space, laid over the
 * filter above the tree so that nothing in the tree moves under the pointer.
 */
function RootDropZone({ drag }: { drag: TreeDrag }) {
  const { t } = useTranslation()
  const target = drag.target('')
  if (!target.onDrop) return null
  return (
    <p className={`tree-drop-root${drag.over === '' ? ' drop-over' : ''}`} {...target}>
      {t('space.dropToRoot')}
    </p>
  )
}

/** The move a drop asks for, confirmed in a dialog; the page follows its move when it is the open one. */
function DroppedMove({
  drag,
  files,
  activePath,
  onOpen,
}: {
  drag: TreeDrag
  files: readonly TreeFile[]
  activePath: string
  onOpen: (key: string) => void
}) {
  const { org, space } = useSpace()
  const navigate = useNavigate()
  const { dropped } = drag
  if (!dropped) return null
  const file = files.find((entry) => entry.path === dropped.from)
  const { from } = dropped
  return (
    <MoveDropDialog
      key={`${from}>${dropped.folder}`}
      org={org}
      space={space}
      from={from}
      title={dropped.isFolder ? baseNameOf(from) : titleOf(file ?? { path: from })}
      folder={dropped.folder}
      isFolder={dropped.isFolder}
      onClose={drag.clearDropped}
      onMoved={(to) => {
        drag.clearDropped()
        if (dropped.folder) onOpen(dropped.folder)
        // The open page follows its move, or its folder's.
        const followed =
          activePath === from
            ? to
            : activePath.startsWith(`${from}/`)
              ? to + activePath.slice(from.length)
              : ''
        if (followed) void navigate({ to: '/s/$org/$space/page/$', params: { org, space, _splat: followed } })
      }}
    />
  )
}

/**
 * The open folders and groups: all of a small space's folders at first (once its files are read);
 * those holding a file when it opens.
 */
function useOpenRows(all: readonly TreeFile[] | undefined, isSmall: boolean, activePath: string) {
  const [open, setOpen] = useState<Set<string>>(() => new Set(openKeysFor(activePath)))
  // Once per opened file: the person may then close its folder again.
  const revealed = useRef(activePath)
  useEffect(() => {
    if (revealed.current === activePath) return
    revealed.current = activePath
    const keys = openKeysFor(activePath)
    setOpen((previous) =>
      keys.every((key) => previous.has(key)) ? previous : new Set([...previous, ...keys]),
    )
  }, [activePath])
  const openedAll = useRef(false)
  useEffect(() => {
    if (openedAll.current || !isSmall || !all) return
    openedAll.current = true
    setOpen((previous) => new Set([...previous, ...folderPaths(buildTree(all))]))
  }, [all, isSmall])
  return [open, setOpen] as const
}

/** The key a folder or a group of attachments is kept open by. */
const keyOf = (row: TreeRow) => (row.kind === 'attachments' ? attachmentsKey(row.path) : row.path)

/** Scrolls the open file's row into view once each time another file opens. */
function useScrollToActive(rows: TreeRow[], activePath: string, scrollTo: (index: number) => void) {
  const shown = useRef<string | undefined>(undefined)
  useEffect(() => {
    if (!activePath || shown.current === activePath) return
    const index = rows.findIndex((row) => row.kind === 'file' && row.path === activePath)
    if (index < 0) return
    shown.current = activePath
    scrollTo(index)
  })
}

/** Focuses a row's link or button once the virtual list has rendered it. */
function useRowFocus(scroller: RefObject<HTMLDivElement | null>) {
  const wanted = useRef<number | undefined>(undefined)
  const tryFocus = () => {
    if (wanted.current === undefined) return
    const target = scroller.current?.querySelector<HTMLElement>(
      `[data-index="${wanted.current}"] a, [data-index="${wanted.current}"] button`,
    )
    if (!target) return
    wanted.current = undefined
    target.focus()
  }
  useEffect(tryFocus)
  return (index: number) => {
    wanted.current = index
    requestAnimationFrame(tryFocus)
  }
}
