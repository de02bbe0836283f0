import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { ErrorNote, Loading } from '../../components/states.tsx'
import { fileQuery, relatedQuery } from './queries.ts'

/** The pages closest to a page, each with why in plain words. */
export function RelatedPages({ org, space, path }: { org: string; space: string; path: string }) {
  const { t } = useTranslation()
  const client = useQueryClient()
  const related = useQuery(relatedQuery(org, space, path))
  return (
    <aside className="related" aria-labelledby="related-title">
      <h2 id="related-title">{t('space.related')}</h2>
      {related.isPending && <Loading />}
      <ErrorNote error={related.error} onRetry={() => void related.refetch()} />
      {related.data?.length === 0 && <p className="muted small">{t('space.noRelated')}</p>}
      {related.data && related.data.length > 0 && (
        <ul className="list">
          {related.data.map((page) => (
            <li key={page.path}>
              <Link
                to="/s/$org/$space/page/$"
                params={{ org, space, _splat: page.path }}
                onMouseEnter={() => void client.prefetchQuery(fileQuery(org, space, page.path))}
              >
                {page.title}
              </Link>
              <span className="small muted">
                {page.label}
                {page.linked && ` · ${t('space.alreadyLinked')}`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </aside>
  )
}
