import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate, useParams } from '@tanstack/react-router'
import { type ReactNode, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../app/api.ts'
import { useDocumentTitle } from '../../app/document-title.ts'
import { ErrorNote, Loading } from '../../components/states.tsx'
import { splitTitle } from '../space/page-title.ts'
import { useSpace } from '../space/queries.ts'
import { baseNameOf, titleOf } from '../space/tree-model.ts'
import { DeleteDialog } from './delete-dialog.tsx'
import { DraftNotice } from './draft-notice.tsx'
import { clearDraft, draftKey, readDraft, writeDraft } from './drafts.ts'
import { type Editable, readEditable } from './file-api.ts'
import { LiveUnavailable } from './live-notes.tsx'
import { LivePageEditor } from './live-page-editor.tsx'
import { MoveDialog } from './move-dialog.tsx'
import { PageEditor } from './page-editor.tsx'
import { editableQuery } from './queries.ts'

/** `/s/$org/$space/edit/$`: a page's exact text in the editor, saved as one commit. */
export function EditPage() {
  const { t } = useTranslation()
  const { org, space, canWrite, details } = useSpace()
  const path = (useParams({ strict: false }) as { _splat?: string })._splat ?? ''
  useDocumentTitle(t('common.titles.edit', { name: baseNameOf(path) }), details.name)
  // Read once per visit: the edit is based on this version, whatever happens meanwhile.
  const file = useQuery(editableQuery(org, space, path, canWrite))

  if (!canWrite)
    return (
      <div className="state">
        <p>{t('editor.cannotWrite')}</p>
        <Link to="/s/$org/$space/page/$" params={{ org, space, _splat: path }}>
          {path}
        </Link>
      </div>
    )
  if (file.isError) return <ErrorNote error={file.error} onRetry={() => void file.refetch()} />
  // One editor per page: going on at a moved page's new place starts afresh (its draft, its state).
  return (
    <EditLoaded
      key={`${org}/${space}/${path}`}
      org={org}
      space={space}
      path={path}
      file={file.data}
      isReading={file.isPending}
    />
  )
}

function EditLoaded({
  org,
  space,
  path,
  file,
  isReading,
}: {
  org: string
  space: string
  path: string
  file: Editable | undefined
  /**
   * The page's text is still being read: its live session is joined meanwhile (the editor is ready
   * sooner), and the rest waits for it.
   */
  isReading: boolean
}) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const key = draftKey(org, space, path)
  const [draft, setDraft] = useState(() => readDraft(key))
  const [version, setVersion] = useState(0)
  const [dialog, setDialog] = useState<'move' | 'delete'>()
  const [isGone, setGone] = useState(false)
  const commitLive = useRef<(() => Promise<void>) | undefined>(undefined)
  const toPage = (to: string) => navigate({ to: '/s/$org/$space/page/$', params: { org, space, _splat: to } })

  if (!isReading && !file && !draft)
    return <ErrorNote error={new ApiError(404, 'not_found', t('editor.notFound'), {})} />
  const discard = () => {
    clearDraft(key)
    setDraft(undefined)
    setVersion((v) => v + 1)
  }
  // Saved by Save, as before live editing: where no live session can be joined (or the page is gone).
  const editor = (liveNotice?: ReactNode) => (
    <PageEditor
      key={version}
      org={org}
      space={space}
      path={path}
      initial={draft?.text ?? file?.text ?? ''}
      pristine={file?.text ?? ''}
      baseSha={draft?.baseSha ?? file?.sha ?? ''}
      initialMessage={draft?.message ?? ''}
      draftKey={key}
      isNew={false}
      submitLabel={t('common.save')}
      notice={
        (liveNotice || draft) && (
          <>
            {liveNotice}
            {draft && (
              <DraftNotice
                text={t('editor.draftRestored')}
                discard={t('editor.discardDraft')}
                onDiscard={discard}
              />
            )}
          </>
        )
      }
      onSaved={(saved) => void toPage(saved)}
      onCancel={() => void toPage(path)}
    />
  )
  return (
    <article className="edit-page">
      <header className="edit-head">
        <div>
          <h1>
            {t('editor.editTitle', { title: file ? splitTitle(path, file.text).title : titleOf({ path }) })}
          </h1>
          <p className="page-path small muted">{path}</p>
        </div>
        {file && !isGone && (
          <div className="toolbar">
            <button type="button" onClick={() => setDialog('move')}>
              {t('editor.move')}
            </button>
            <button type="button" className="danger" onClick={() => setDialog('delete')}>
              {t('common.delete')}
            </button>
          </div>
        )}
      </header>
      {file || isReading ? (
        <LivePageEditor
          key={path}
          org={org}
          space={space}
          path={path}
          fallback={(reason) => (isReading ? <Loading /> : editor(<LiveUnavailable reason={reason} />))}
          onSaved={() => void toPage(path)}
          onLeave={() => void toPage(path)}
          onGone={() => setGone(true)}
          commitNow={commitLive}
        />
      ) : (
        editor()
      )}
      {file && (
        <>
          <MoveDialog
            org={org}
            space={space}
            from={path}
            open={dialog === 'move'}
            beforeMove={() => commitLive.current?.() ?? Promise.resolve()}
            onClose={() => setDialog(undefined)}
            onMoved={(to) => {
              // Unsaved text follows the page to its new path.
              const kept = readDraft(key)
              if (kept) writeDraft(draftKey(org, space, to), kept)
              clearDraft(key)
              setDialog(undefined)
              void navigate({ to: '/s/$org/$space/edit/$', params: { org, space, _splat: to } })
            }}
          />
          <DeleteDialog
            org={org}
            space={space}
            path={path}
            sha={file.sha}
            latestSha={async () => {
              // Edited live, what was typed is committed first, then the page is deleted as it stands
              // then (the person saw every change come in). Otherwise, as it was read.
              const commit = commitLive.current
              if (!commit) return file.sha
              await commit()
              return (await readEditable(org, space, path))?.sha ?? file.sha
            }}
            open={dialog === 'delete'}
            onClose={() => setDialog(undefined)}
            onDeleted={() => {
              clearDraft(key)
              setDialog(undefined)
              void navigate({ to: '/s/$org/$space', params: { org, space } })
            }}
          />
        </>
      )}
    </article>
  )
}
