import { type UseQueryResult, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { type ReactNode, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorNote, Loading } from '../../components/states.tsx'
import { fileQuery } from './queries.ts'

/**
 * Pages listed at first: a page every other page links to (a home, an index) has thousands of
 * backlinks, and drawing them all held the screen for most of a second.
 */
const FIRST_PAGES = 20

/**
 * A panel beside a page listing other pages of the space by title (related pages, the pages linking
 * to it): each a link whose page is read ahead when the pointer rests on it, `more` beside it.
 */
export function PagePanel<Page extends { path: string; title: string }>({
  org,
  space,
  className,
  title,
  empty,
  pages,
  more,
}: {
  org: string
  space: string
  className: string
  title: string
  /** Said when the list is empty. */
  empty: string
  pages: UseQueryResult<Page[]>
  more?: (page: Page) => ReactNode
}) {
  const { t } = useTranslation()
  const client = useQueryClient()
  const titleId = useId()
  // Which list was opened whole: another page's list starts short again.
  const [whole, setWhole] = useState<Page[] | undefined>(undefined)
  const all = pages.data ?? []
  const shown = whole === pages.data ? all : all.slice(0, FIRST_PAGES)
  return (
    <aside className={className} aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {pages.isPending && <Loading />}
      <ErrorNote error={pages.error} onRetry={() => void pages.refetch()} />
      {pages.data?.length === 0 && <p className="muted small">{empty}</p>}
      {shown.length > 0 && (
        <ul className="list">
          {shown.map((page) => (
            <li key={page.path}>
              <Link
                to="/s/$org/$space/page/$"
                params={{ org, space, _splat: page.path }}
                onMouseEnter={() => void client.prefetchQuery(fileQuery(org, space, page.path))}
              >
                {page.title}
              </Link>
              {more?.(page)}
            </li>
          ))}
        </ul>
      )}
      {shown.length < all.length && (
        <button type="button" className="link" onClick={() => setWhole(pages.data)}>
          {t('space.showAllPages', { count: all.length })}
        </button>
      )}
    </aside>
  )
}
