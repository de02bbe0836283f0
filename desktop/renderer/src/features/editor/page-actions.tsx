import './editor.css'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSpace } from '../space/queries.ts'
import { DeleteDialog } from './delete-dialog.tsx'
import { MoveDialog } from './move-dialog.tsx'
import { folderOf } from './page-paths.ts'

/**
 * What the page view shows to people who may write: edit (text files), move or rename, delete.
 * Nothing for readers. Light on purpose: the editor itself loads only with its screen.
 */
export function PageActions({
  org,
  space,
  path,
  sha,
  isMarkdown,
}: {
  org: string
  space: string
  path: string
  sha: string
  isMarkdown: boolean
}) {
  const { t } = useTranslation()
  const { canWrite } = useSpace()
  const navigate = useNavigate()
  const [dialog, setDialog] = useState<'move' | 'delete' | undefined>()
  // The version shown when Delete was pressed: the page read again meanwhile is not what was judged.
  const [judgedSha, setJudgedSha] = useState(sha)
  if (!canWrite) return null
  const close = () => setDialog(undefined)
  return (
    <div className="toolbar page-actions">
      {(isMarkdown || isTextPath(path)) && (
        <Link to="/s/$org/$space/edit/$" params={{ org, space, _splat: path }} className="button">
          {t('common.edit')}
        </Link>
      )}
      <Link to="/s/$org/$space/new" params={{ org, space }} search={folderSearch(path)} className="button">
        {t('editor.newPage')}
      </Link>
      <button type="button" onClick={() => setDialog('move')}>
        {t('editor.move')}
      </button>
      <button
        type="button"
        className="danger"
        onClick={() => {
          setJudgedSha(sha)
          setDialog('delete')
        }}
      >
        {t('common.delete')}
      </button>
      <MoveDialog
        org={org}
        space={space}
        from={path}
        open={dialog === 'move'}
        onClose={close}
        onMoved={(to) => {
          close()
          void navigate({ to: '/s/$org/$space/page/$', params: { org, space, _splat: to } })
        }}
      />
      <DeleteDialog
        org={org}
        space={space}
        path={path}
        sha={judgedSha}
        open={dialog === 'delete'}
        onClose={close}
        onDeleted={() => {
          close()
          void navigate({ to: '/s/$org/$space', params: { org, space } })
        }}
      />
    </div>
  )
}

/** A new page goes in the folder of the page it was asked from. */
function folderSearch(path: string): { folder?: string } {
  const folder = folderOf(path).replace(/\/$/, '')
  return folder ? { folder } : {}
}

/** Text files other than Markdown the editor may open too. */
const TEXT_EXTENSIONS =
  /\.(txt|csv|tsv|json|ya?ml|toml|ini|cfg|conf|xml|html?|css|js|ts|sh|py|rb|go|rs|sql|log)$/i

function isTextPath(path: string): boolean {
  return TEXT_EXTENSIONS.test(path)
}
