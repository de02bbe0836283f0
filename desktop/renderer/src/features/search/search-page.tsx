import { useDocumentTitle } from '../../app/document-title.ts'
import './search.css'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate, useSearch } from '@tanstack/react-router'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { SearchParams } from '../../app/router.tsx'
import { Empty, ErrorNote, Loading } from '../../components/states.tsx'
import { spacesQuery } from '../space/queries.ts'
import { queryWords } from './highlight.ts'
import { PendingNotes } from './pending-notes.tsx'
import { PENDING_COUNT_MAX, type SearchRequest, searchQuery, searchRequest } from './queries.ts'
import { SearchFilters } from './search-filters.tsx'
import { SearchResultItem } from './search-result.tsx'

/** Search across the readable spaces: pages by words and meaning, and the pending notes that match. */
export function SearchPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const params = useSearch({ strict: false }) as SearchParams
  const request = searchRequest(params)
  useDocumentTitle(request.q ? t('search.titleFor', { q: request.q }) : t('search.title'))
  const results = useQuery(searchQuery(request))
  const spaces = useQuery(spacesQuery)
  const words = useMemo(() => (request.regex ? [] : queryWords(request.q)), [request.q, request.regex])
  const spaceName = (key: string) =>
    spaces.data?.find((s) => `${s.organization}/${s.slug}` === key)?.name ?? key
  const change = (next: Partial<SearchRequest>) => {
    const merged = { ...request, ...next }
    void navigate({
      to: '/search',
      search: {
        q: merged.q || undefined,
        spaces: merged.spaces.length ? merged.spaces : undefined,
        mode: merged.mode === 'text' ? 'text' : undefined,
        regex: merged.regex || undefined,
      },
      replace: true,
    })
  }
  const pendingCount = results.data?.pendingCount ?? 0
  return (
    <div className="search-page">
      <h1>{request.q ? t('search.titleFor', { q: request.q }) : t('search.title')}</h1>
      <div className="search-layout">
        <SearchFilters request={request} onChange={change} />
        <section className="search-results" aria-label={t('search.results')}>
          {!request.q && <Empty>{t('search.prompt')}</Empty>}
          {request.q && results.isPending && <Loading />}
          <ErrorNote error={results.error} onRetry={() => void results.refetch()} />
          {results.data && (
            <>
              <p className="small muted" role="status">
                {t('search.count', { count: results.data.results.length })}
              </p>
              {pendingCount > 0 && (
                <p className="pending-line">
                  <Link to="/search" search={params} hash="pending-notes">
                    {pendingCount >= PENDING_COUNT_MAX
                      ? t('search.pendingMany', { count: pendingCount })
                      : t('search.pending', { count: pendingCount })}
                  </Link>
                </p>
              )}
              {results.data.results.length === 0 && (
                // Searching some spaces only, the others may hold it; searching all, other words may.
                <Empty>
                  {t(request.spaces.length ? 'search.none' : 'search.noneAnywhere', { q: request.q })}
                </Empty>
              )}
              <ul className="list results">
                {results.data.results.map((result) => (
                  <SearchResultItem
                    key={`${result.space}:${result.path}`}
                    result={result}
                    spaceName={spaceName(result.space)}
                    words={words}
                  />
                ))}
              </ul>
              {pendingCount > 0 && <PendingNotes request={request} spaceName={spaceName} />}
            </>
          )}
        </section>
      </div>
    </div>
  )
}
