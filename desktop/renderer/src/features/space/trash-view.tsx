import './space.css'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../app/api.ts'
import { formatDate } from '../../components/format.ts'
import { Empty, ErrorNote, Loading } from '../../components/states.tsx'
import { useSpace } from './queries.ts'
import { type TrashEntry, trashQuery, useRestorePage } from './trash-api.ts'

/** The space's trash: pages deleted in the last 30 days, who deleted them and when, each restored in one click. */
export function TrashView() {
  const { t } = useTranslation()
  const { org, space, canWrite } = useSpace()
  const trash = useQuery(trashQuery(org, space))
  return (
    <div className="trash-view">
      <h1>{t('space.trash')}</h1>
      {/* Restoring is a write: a reader is only told what the trash holds. */}
      <p className="hint">{t(canWrite ? 'space.trashIntro' : 'space.trashIntroReader')}</p>
      {trash.isPending && <Loading />}
      <ErrorNote error={trash.error} onRetry={() => void trash.refetch()} />
      {trash.data?.length === 0 && <Empty>{t('space.trashEmpty')}</Empty>}
      {!!trash.data?.length && (
        <ul className="list trash" aria-label={t('space.trashList')}>
          {trash.data.map((entry) => (
            <TrashItem key={`${entry.path}@${entry.commit}`} entry={entry} />
          ))}
        </ul>
      )}
    </div>
  )
}

/** A deleted page: its title and path, who deleted it and when, and `Restore` for people who can write. */
function TrashItem({ entry }: { entry: TrashEntry }) {
  const { t, i18n } = useTranslation()
  const { org, space, canWrite } = useSpace()
  const navigate = useNavigate()
  const restore = useRestorePage(org, space)
  const titleId = useId()
  return (
    <li className="trash-item">
      <div className="trash-entry">
        <span id={titleId} className="trash-title">
          {entry.title}
        </span>
        <span className="page-path small muted">{entry.path}</span>
        <span className="small muted">
          {t('space.deletedBy', {
            person: entry.deleted_by,
            date: formatDate(entry.deleted_at, i18n.language),
          })}
        </span>
      </div>
      {canWrite && (
        <button
          type="button"
          aria-describedby={titleId}
          disabled={restore.isPending}
          // The restored page leaves this list as the list is read again, and this item with it: the
          // page is opened from the request's own answer, which does not depend on the item staying.
          onClick={() =>
            restore.mutateAsync(entry.path).then(
              (restored) =>
                void navigate({ to: '/s/$org/$space/page/$', params: { org, space, _splat: restored.path } }),
              () => undefined,
            )
          }
        >
          {restore.isPending ? t('space.restoring') : t('space.restore')}
        </button>
      )}
      <RestoreError error={restore.error} path={entry.path} />
    </li>
  )
}

/** Why a restore failed; when a file is at the page's path now, a way to open that file. */
function RestoreError({ error, path }: { error: unknown; path: string }) {
  const { t } = useTranslation()
  const { org, space } = useSpace()
  if (!(error instanceof ApiError && error.status === 409)) return <ErrorNote error={error} />
  return (
    <div className="state error" role="alert">
      <p>{t('space.restoreTaken', { path })}</p>
      <Link to="/s/$org/$space/page/$" params={{ org, space, _splat: path }}>
        {t('space.openTaken', { path })}
      </Link>
    </div>
  )
}
