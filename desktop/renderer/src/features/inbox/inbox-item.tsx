import './inbox.css'
import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../app/api.ts'
import { ErrorNote, Loading, NotFound } from '../../components/states.tsx'
import { useSpace } from '../space/queries.ts'
import { ChangeView } from './change-view.tsx'
import { NoteView } from './note-view.tsx'
import { inboxItemQuery } from './queries.ts'

/** One inbox item: a note (read, correct, move, delete) or a changed page (diff, mark as seen). */
export function InboxItem() {
  const { t } = useTranslation()
  const { org, space } = useSpace()
  const { name } = useParams({ strict: false }) as { name: string }
  const item = useQuery(inboxItemQuery(org, space, name))
  return (
    <div className="inbox-item">
      <p className="small">
        <Link to="/s/$org/$space/inbox" params={{ org, space }}>
          ← {t('inbox.back')}
        </Link>
      </p>
      {item.isPending && <Loading />}
      {item.error instanceof ApiError && item.error.status === 404 ? (
        <NotFound />
      ) : (
        <ErrorNote error={item.error} onRetry={() => void item.refetch()} />
      )}
      {item.data?.type === 'note' && <NoteView item={item.data} />}
      {item.data?.type === 'change' && <ChangeView item={item.data} />}
    </div>
  )
}
