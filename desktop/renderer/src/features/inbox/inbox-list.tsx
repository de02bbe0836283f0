import { useDocumentTitle } from '../../app/document-title.ts'
import './inbox.css'
import { useQuery } from '@tanstack/react-query'
import { Link, useSearch } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Empty, ErrorNote, Loading } from '../../components/states.tsx'
import { useSpace } from '../space/queries.ts'
import { TidyButton } from '../tidy/tidy-button.tsx'
import { DropNote } from './drop-note-dialog.tsx'
import { InboxRow } from './inbox-row.tsx'
import { INBOX_PAGE_SIZE, type InboxKind, inboxQuery } from './queries.ts'

const FILTERS: { kind: InboxKind | undefined; label: string }[] = [
  { kind: undefined, label: 'inbox.filters.all' },
  { kind: 'note', label: 'inbox.filters.note' },
  { kind: 'change', label: 'inbox.filters.change' },
  { kind: 'left', label: 'inbox.filters.left' },
]

/** A space's inbox: notes to file, pages changed, notes the tidy-up left; drop a note, tidy up. */
export function InboxList() {
  const { t } = useTranslation()
  const { org, space, canWrite, details } = useSpace()
  useDocumentTitle(t('inbox.title'), details.name)
  const { kind } = useSearch({ strict: false }) as { kind?: InboxKind }
  // Another filter starts again at its first page.
  const [paging, setPaging] = useState({ kind, page: 0 })
  const page = paging.kind === kind ? paging.page : 0
  const setPage = (next: number) => setPaging({ kind, page: next })
  const inbox = useQuery(inboxQuery(org, space, kind, page))
  const total = inbox.data?.total ?? 0
  // What is shown until the asked page arrives is the page before: the range says which it is.
  const first = (inbox.data?.page ?? page) * INBOX_PAGE_SIZE
  return (
    <div className="inbox">
      <h1>{t('inbox.title')}</h1>
      {canWrite && (
        <div className="toolbar">
          <DropNote org={org} space={space} />
          <TidyButton org={org} space={space} linkToRuns />
        </div>
      )}
      <nav className="tabs" aria-label={t('inbox.filters.label')}>
        {FILTERS.map((filter) => (
          <Link
            key={filter.label}
            to="/s/$org/$space/inbox"
            params={{ org, space }}
            search={filter.kind ? { kind: filter.kind } : {}}
            activeOptions={{ exact: true, includeSearch: true }}
          >
            {t(filter.label)}
          </Link>
        ))}
      </nav>
      {inbox.isPending && <Loading />}
      <ErrorNote error={inbox.error} onRetry={() => void inbox.refetch()} />
      {inbox.data?.items.length === 0 && <Empty>{t(`inbox.empty.${kind ?? 'all'}`)}</Empty>}
      {inbox.data && inbox.data.items.length > 0 && (
        <ul className="list inbox-items" aria-label={t('inbox.items')} aria-busy={inbox.isPlaceholderData}>
          {inbox.data.items.map((item) => (
            <InboxRow key={item.name} org={org} space={space} item={item} />
          ))}
        </ul>
      )}
      {total > INBOX_PAGE_SIZE && (
        <nav className="toolbar pager" aria-label={t('inbox.pages')}>
          <button type="button" disabled={page === 0} onClick={() => setPage(page - 1)}>
            {t('inbox.previous')}
          </button>
          <span className="small muted">
            {t('inbox.range', {
              from: first + 1,
              to: Math.min(first + INBOX_PAGE_SIZE, total),
              total,
            })}
          </span>
          <button type="button" disabled={first + INBOX_PAGE_SIZE >= total} onClick={() => setPage(page + 1)}>
            {t('inbox.next')}
          </button>
        </nav>
      )}
    </div>
  )
}
