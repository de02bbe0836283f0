import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { type FileKind, kindOf } from '#shared/domain/file-kinds.ts'
import { fileQuery, useSpace } from './queries.ts'
import type { TreeDrag } from './tree-drag.ts'
import { folderOf, type TreeRow } from './tree-model.ts'

/**
 * One row of the page tree: a folder or a group of attachments that opens and closes, or a link to a
 * page or an attachment. Every row takes a dragged file for the folder it stands for or stands in.
 */
export function TreeRowView({
  row,
  isActive,
  isFiltered,
  onToggle,
  drag,
}: {
  row: TreeRow
  isActive: boolean
  isFiltered: boolean
  onToggle: () => void
  drag: TreeDrag
}) {
  const { t } = useTranslation()
  const indent = { paddingInlineStart: `${row.depth * 0.9 + 0.25}rem` }
  if (row.kind === 'file') return <FileRow row={row} isActive={isActive} drag={drag} />
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
      onClick={onToggle}
      title={row.kind === 'folder' ? row.path : undefined}
      {...drag.target(folder)}
    >
      <span aria-hidden="true">{row.isOpen ? '▾' : '▸'}</span> {label}
    </button>
  )
}

function FileRow({
  row,
  isActive,
  drag,
}: {
  row: Extract<TreeRow, { kind: 'file' }>
  isActive: boolean
  drag: TreeDrag
}) {
  const { org, space } = useSpace()
  const client = useQueryClient()
  const indent = { paddingInlineStart: `${row.depth * 0.9 + 0.25}rem` }
  // Reading the page as soon as the person aims at it saves most of the wait after the click.
  const prefetch = () => void client.prefetchQuery(fileQuery(org, space, row.path))
  const kind = kindOf(row.path)
  const classes = ['tree-file', row.isPage ? '' : 'tree-other', isActive ? 'active' : '']
  if (drag.dragging === row.path) classes.push('dragged')
  return (
    <Link
      to="/s/$org/$space/page/$"
      params={{ org, space, _splat: row.path }}
      className={classes.filter(Boolean).join(' ')}
      style={indent}
      title={row.path}
      onMouseEnter={prefetch}
      onFocus={prefetch}
      onTouchStart={prefetch}
      {...drag.source(row.path)}
      {...drag.target(folderOf(row.path))}
    >
      {row.isPage || kind === 'markdown' ? row.name : <OtherFile name={row.name} kind={kind} />}
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
