import './navigation.css'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Empty } from '../../components/states.tsx'
import { MoveDialog } from '../editor/move-dialog.tsx'
import { fileQuery, useSpace } from '../space/queries.ts'
import { baseNameOf, titleOf } from '../space/tree-model.ts'
import { Breadcrumbs } from './breadcrumbs.tsx'
import type { FolderContents } from './folder-contents.ts'

/** A folder of a space, where a breadcrumb leads: where it sits, then its sub-folders and pages. */
export function FolderView({ folder, contents }: { folder: string; contents: FolderContents }) {
  const { t } = useTranslation()
  const { org, space } = useSpace()
  const client = useQueryClient()
  const isEmpty = contents.folders.length === 0 && contents.pages.length === 0
  return (
    <div className="folder-view">
      <Breadcrumbs path={folder} title={baseNameOf(folder)} isFolder />
      <h1>{baseNameOf(folder)}</h1>
      {!isEmpty && <FolderActions folder={folder} />}
      {isEmpty && <Empty>{t('navigation.folder.missing')}</Empty>}
      <SubFolders folders={contents.folders} id="folder-folders" />
      {contents.pages.length > 0 && (
        <section aria-labelledby="folder-pages">
          <h2 id="folder-pages">{t('navigation.folder.pages')}</h2>
          <ul className="list">
            {contents.pages.map((page) => (
              <li key={page.path}>
                <Link
                  to="/s/$org/$space/page/$"
                  params={{ org, space, _splat: page.path }}
                  onMouseEnter={() => void client.prefetchQuery(fileQuery(org, space, page.path))}
                >
                  {titleOf(page)}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}

/** What people who may write can do with a folder: move or rename it, with every file in it. */
function FolderActions({ folder }: { folder: string }) {
  const { t } = useTranslation()
  const { org, space, canWrite } = useSpace()
  const navigate = useNavigate()
  const [isMoving, setMoving] = useState(false)
  if (!canWrite) return null
  return (
    <div className="toolbar page-actions">
      <button type="button" onClick={() => setMoving(true)}>
        {t('editor.move')}
      </button>
      <MoveDialog
        org={org}
        space={space}
        from={folder}
        isFolder
        open={isMoving}
        onClose={() => setMoving(false)}
        onMoved={(to) => {
          setMoving(false)
          void navigate({ to: '/s/$org/$space', params: { org, space }, search: { folder: to } })
        }}
      />
    </div>
  )
}

/** A folder's sub-folders, each a link to its own listing; nothing when it has none. */
export function SubFolders({ folders, id }: { folders: readonly string[]; id: string }) {
  const { t } = useTranslation()
  const { org, space } = useSpace()
  if (folders.length === 0) return null
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{t('navigation.folder.folders')}</h2>
      <ul className="list folder-list">
        {folders.map((path) => (
          <li key={path}>
            <Link to="/s/$org/$space" params={{ org, space }} search={{ folder: path }}>
              {baseNameOf(path)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
