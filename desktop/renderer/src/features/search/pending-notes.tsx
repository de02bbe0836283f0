import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { formatDate } from '../../components/format.ts'
import { ErrorNote, Loading } from '../../components/states.tsx'
import { pendingQuery, type SearchRequest } from './queries.ts'

/** Notes not yet filed that hold every searched word: found here until the tidy-up files them. */
export function PendingNotes({
  request,
  spaceName,
}: {
  request: SearchRequest
  spaceName: (key: string) => string
}) {
  const { t, i18n } = useTranslation()
  const notes = useQuery(pendingQuery(request, true))
  return (
    <section id="pending-notes" className="pending-notes" aria-labelledby="pending-notes-title" tabIndex={-1}>
      <h2 id="pending-notes-title">{t('search.pendingTitle')}</h2>
      <p className="hint">{t('search.pendingHelp')}</p>
      {notes.isPending && <Loading />}
      <ErrorNote error={notes.error} onRetry={() => void notes.refetch()} />
      <ul className="list">
        {(notes.data ?? []).map((note) => {
          const [org = '', space = ''] = note.space.split('/')
          return (
            <li key={`${note.space}/${note.name}`}>
              <Link to="/s/$org/$space/inbox/$name" params={{ org, space, name: note.name }}>
                {note.title || t('search.untitled')}
              </Link>{' '}
              <span className="small muted">
                {spaceName(note.space)} ·{' '}
                {t('search.byWhen', {
                  who: note.deposited_by,
                  when: formatDate(note.deposited_at, i18n.language),
                })}
              </span>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
