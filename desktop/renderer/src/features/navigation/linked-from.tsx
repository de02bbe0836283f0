import './navigation.css'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { ErrorNote, Loading } from '../../components/states.tsx'
import { fileQuery } from '../space/queries.ts'
import { backlinksQuery } from './queries.ts'

/** The pages of the space that link to a page, by title. */
export function LinkedFrom({ org, space, path }: { org: string; space: string; path: string }) {
  const { t } = useTranslation()
  const client = useQueryClient()
  const backlinks = useQuery(backlinksQuery(org, space, path))
  return (
    <aside className="linked-from" aria-labelledby="linked-from-title">
      <h2 id="linked-from-title">{t('navigation.linkedFrom')}</h2>
      {backlinks.isPending && <Loading />}
      <ErrorNote error={backlinks.error} onRetry={() => void backlinks.refetch()} />
      {backlinks.data?.length === 0 && <p className="muted small">{t('navigation.noBacklinks')}</p>}
      {backlinks.data && backlinks.data.length > 0 && (
        <ul className="list">
          {backlinks.data.map((page) => (
            <li key={page.path}>
              <Link
                to="/s/$org/$space/page/$"
                params={{ org, space, _splat: page.path }}
                onMouseEnter={() => void client.prefetchQuery(fileQuery(org, space, page.path))}
              >
                {page.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </aside>
  )
}
