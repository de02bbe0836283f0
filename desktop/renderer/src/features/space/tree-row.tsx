import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { type MouseEvent, memo, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { type FileKind, kindOf } from '#shared/domain/file-kinds.ts'
import { fileQuery } from './queries.ts'
import type { TreeDrag } from './tree-drag.ts'
import { folderOf, type TreeRow } from './tree-model.ts'

type RowProps = {
  org: string
  space: string
  row: TreeRow
  isActive: boolean
  isFiltered: boolean
  onToggle: (row: TreeRow) => void
  drag: TreeDrag
}

/**
 * One row of the page tree: a folder or a group of attachments that opens and closes, or a link to a
 * page or an attachment. Every row takes a dragged file or folder for the folder it stands for or
 * stands in; a folder's row can be dragged too.
 * A row renders again only when one of its props changes: opening a page changes two rows, not all.
 */
export const TreeRowView = memo(function TreeRowView({
  org,
  space,
  row,
  isActive,
  isFiltered,
  onToggle,
  drag,
}: RowProps) {
  const { t } = useTranslation()
  const indent = { paddingInlineStart: `${row.depth * 0.9 + 0.25}rem` }
  if (row.kind === 'file')
    return <FileRow org={org} space={space} row={row} isActive={isActive} drag={drag} />
  // An opened folder whose files are on their way.
  if (row.kind === 'loading')
    return (
      <span className="tree-folder muted" style={indent} role="status">
        {t('common.loading')}
      </span>
    )
  const folder = row.path
  const label = row.kind === 'folder' ? row.name : t('space.attachments', { count: row.count })
  const className = `${row.kind === 'folder' ? 'tree-folder' : 'tree-folder tree-attachments'}${
    row.kind === 'folder' && drag.over === folder ? ' drop-over' : ''
  }`
  // Under a filter the matches show in every folder holding one: folders are headings only.
  if (isFiltered)
    return (
      <span className={className} style={indent}>
        <span aria-hidden="true">▾</span> {label}
      </span>
    )
  return (
    <button
      type="button"
      className={className}
      style={indent}
      aria-expanded={row.isOpen}
      onClick={() => onToggle(row)}
      title={row.kind === 'folder' ? row.path : undefined}
      {...(row.kind === 'folder' ? drag.source(folder, true) : {})}
      {...drag.target(folder)}
    >
      <span aria-hidden="true">{row.isOpen ? '▾' : '▸'}</span> {label}
    </button>
  )
})

/**
 * A file's row: a plain link whose click opens the page in the app. Not the router's `Link`, which
 * follows the address to tell whether it is active: every visible row would then render again at
 * each page opened; the tree knows the open page already.
 */
function FileRow({
  org,
  space,
  row,
  isActive,
  drag,
}: {
  org: string
  space: string
  row: Extract<TreeRow, { kind: 'file' }>
  isActive: boolean
  drag: TreeDrag
}) {
  const router = useRouter()
  const client = useQueryClient()
  const to = useMemo(
    () => ({ to: '/s/$org/$space/page/$', params: { org, space, _splat: row.path } }) as const,
    [org, space, row.path],
  )
  const href = useMemo(() => router.history.createHref(router.buildLocation(to).publicHref), [router, to])
  const indent = { paddingInlineStart: `${row.depth * 0.9 + 0.25}rem` }
  // Reading the page as soon as the person aims at it saves most of the wait after the click.
  const prefetch = () => void client.prefetchQuery(fileQuery(org, space, row.path))
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    // The router asks for the page's text as the navigation starts (see createAppRouter).
    void router.navigate(to)
  }
  const kind = kindOf(row.path)
  const classes = ['tree-file', row.isPage ? '' : 'tree-other', isActive ? 'active' : '']
  if (drag.dragging === row.path) classes.push('dragged')
  return (
    <a
      href={href}
      aria-current={isActive ? 'page' : undefined}
      className={classes.filter(Boolean).join(' ')}
      style={indent}
      title={row.path}
      onClick={open}
      onMouseEnter={prefetch}
      onFocus={prefetch}
      onTouchStart={prefetch}
      {...drag.source(row.path)}
      {...drag.target(folderOf(row.path))}
    >
      {row.isPage || kind === 'markdown' ? row.name : <OtherFile name={row.name} kind={kind} />}
    </a>
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
