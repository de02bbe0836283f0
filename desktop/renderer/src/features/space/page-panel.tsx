import { type UseQueryResult, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { type ReactNode, useId } from 'react'
import { ErrorNote, Loading } from '../../components/states.tsx'
import { fileQuery } from './queries.ts'

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
  const client = useQueryClient()
  const titleId = useId()
  return (
    <aside className={className} aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {pages.isPending && <Loading />}
      <ErrorNote error={pages.error} onRetry={() => void pages.refetch()} />
      {pages.data?.length === 0 && <p className="muted small">{empty}</p>}
      {pages.data && pages.data.length > 0 && (
        <ul className="list">
          {pages.data.map((page) => (
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
    </aside>
  )
}
