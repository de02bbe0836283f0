import './space.css'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useVirtualizer } from '@tanstack/react-virtual'
import {
  type KeyboardEvent,
  type RefObject,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { useTranslation } from 'react-i18next'
import { type FileKind, kindOf } from '#shared/domain/file-kinds.ts'
import { ErrorNote, Loading } from '../../components/states.tsx'
import { fileQuery, treeQuery, useFilePath, useSpace } from './queries.ts'
import {
  ancestorsOf,
  buildTree,
  type FolderNode,
  folderPaths,
  type TreeFile,
  type TreeRow,
  visibleRows,
} from './tree-model.ts'

/** A row's height in pixels: fixed, so the virtual list never measures. */
const ROW_HEIGHT = 30
/** A space this small opens with every folder open; a larger one with its folders closed. */
const SMALL_TREE = 200

/** The space's page tree: a link to write a new page, a filter, and every folder and file. */
export function PageTree() {
  const { t } = useTranslation()
  const { org, space, canWrite } = useSpace()
  const tree = useQuery(treeQuery(org, space))
  const [filter, setFilter] = useState('')
  const activePath = useFilePath()
  const folder = activePath.includes('/') ? activePath.slice(0, activePath.lastIndexOf('/')) : undefined
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
      {tree.isPending && <Loading />}
      <ErrorNote error={tree.error} onRetry={() => void tree.refetch()} />
      {tree.data && <TreeList files={tree.data} filter={filter} activePath={activePath} />}
    </div>
  )
}

function TreeList({
  files,
  filter,
  activePath,
}: {
  files: readonly TreeFile[]
  filter: string
  activePath: string
}) {
  const { t } = useTranslation()
  const root = useMemo(() => buildTree(files), [files])
  const [open, setOpen] = useOpenFolders(root, files.length, activePath)
  const deferredFilter = useDeferredValue(filter)
  const rows = useMemo(() => visibleRows(root, open, deferredFilter), [root, open, deferredFilter])
  const scroller = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  })
  useScrollToActive(rows, activePath, (index) => virtualizer.scrollToIndex(index, { align: 'auto' }))
  const focusRow = useRowFocus(scroller)
  const toggle = (path: string) =>
    setOpen((previous) => {
      const next = new Set(previous)
      if (!next.delete(path)) next.add(path)
      return next
    })

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = Number((event.target as HTMLElement).closest<HTMLElement>('[data-index]')?.dataset.index)
    if (!Number.isInteger(at)) return
    const row = rows[at]
    let next: number | undefined
    if (event.key === 'ArrowDown') next = Math.min(at + 1, rows.length - 1)
    else if (event.key === 'ArrowUp') next = Math.max(at - 1, 0)
    else if (event.key === 'Home') next = 0
    else if (event.key === 'End') next = rows.length - 1
    else if (event.key === 'ArrowRight' && row?.kind === 'folder' && !row.isOpen && !filter) toggle(row.path)
    else if (event.key === 'ArrowLeft' && row?.kind === 'folder' && row.isOpen && !filter) toggle(row.path)
    else if (event.key === 'ArrowLeft' && row) {
      const parent = ancestorsOf(row.path).at(-1)
      const index = rows.findIndex((r) => r.kind === 'folder' && r.path === parent)
      if (index >= 0) next = index
    } else return
    event.preventDefault()
    if (next === undefined) return
    // Under a filter the folders are headings only: the focus goes to the nearest file that way.
    const step = next < at || event.key === 'End' ? -1 : 1
    while (filter && rows[next]?.kind === 'folder' && rows[next + step]) next += step
    if (rows[next]?.kind === 'folder' && filter) return
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
                <Row row={row} isActive={row.path === activePath} isFiltered={!!filter} onToggle={toggle} />
              </li>
            )
          })}
        </ul>
      </div>
    </nav>
  )
}

function Row({
  row,
  isActive,
  isFiltered,
  onToggle,
}: {
  row: TreeRow
  isActive: boolean
  isFiltered: boolean
  onToggle: (path: string) => void
}) {
  const { org, space } = useSpace()
  const client = useQueryClient()
  const indent = { paddingInlineStart: `${row.depth * 0.9 + 0.25}rem` }
  if (row.kind === 'folder') {
    if (isFiltered)
      return (
        <span className="tree-folder" style={indent}>
          <span aria-hidden="true">▾</span> {row.name}
        </span>
      )
    return (
      <button
        type="button"
        className="tree-folder"
        style={indent}
        aria-expanded={row.isOpen}
        onClick={() => onToggle(row.path)}
        title={row.path}
      >
        <span aria-hidden="true">{row.isOpen ? '▾' : '▸'}</span> {row.name}
      </button>
    )
  }
  // Reading the page as soon as the person aims at it saves most of the wait after the click.
  const prefetch = () => void client.prefetchQuery(fileQuery(org, space, row.path))
  const kind = kindOf(row.path)
  return (
    <Link
      to="/s/$org/$space/page/$"
      params={{ org, space, _splat: row.path }}
      className={`tree-file${kind === 'markdown' ? '' : ' tree-other'}${isActive ? ' active' : ''}`}
      style={indent}
      title={row.path}
      onMouseEnter={prefetch}
      onFocus={prefetch}
      onTouchStart={prefetch}
    >
      {kind === 'markdown' ? row.name : <OtherFile name={row.name} kind={kind} />}
    </Link>
  )
}

/** A file that is not a page (an image, a PDF): its name and its kind, so nobody takes it for a page. */
function OtherFile({ name, kind }: { name: string; kind: Exclude<FileKind, 'markdown'> }) {
  const { t } = useTranslation()
  return (
    <>
      {name} <span className="tree-kind">{t(`space.kind.${kind}`)}</span>
    </>
  )
}

/** The open folders: all of a small space's at first; those holding a file when it opens. */
function useOpenFolders(root: FolderNode, size: number, activePath: string) {
  const [open, setOpen] = useState<Set<string>>(
    () => new Set([...(size <= SMALL_TREE ? folderPaths(root) : []), ...ancestorsOf(activePath)]),
  )
  // Once per opened file: the person may then close its folder again.
  const revealed = useRef(activePath)
  useEffect(() => {
    if (revealed.current === activePath) return
    revealed.current = activePath
    const folders = ancestorsOf(activePath)
    setOpen((previous) =>
      folders.every((folder) => previous.has(folder)) ? previous : new Set([...previous, ...folders]),
    )
  }, [activePath])
  return [open, setOpen] as const
}

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
