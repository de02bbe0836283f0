import '../navigation/navigation.css'
import { type UseQueryResult, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { Empty, ErrorNote, Loading } from '../../components/states.tsx'
import { favouritesQuery, type PageRef, recentQuery } from '../navigation/queries.ts'
import { pageKey } from '../navigation/switcher-results.ts'

/** How many viewed pages the home screen lists. */
const SHOWN_RECENT = 10

/** The person's own ways back to pages: the ones viewed last and the favourite ones. */
export function PageLists() {
  const { t } = useTranslation()
  const recent = useQuery(recentQuery)
  const favourites = useQuery(favouritesQuery)
  return (
    <div className="home-pages">
      <PageList
        id="home-viewed"
        title={t('navigation.recent')}
        empty={t('navigation.noRecent')}
        query={recent}
        limit={SHOWN_RECENT}
      />
      <PageList
        id="home-favourites"
        title={t('navigation.favourites')}
        empty={t('navigation.noFavourites')}
        query={favourites}
      />
    </div>
  )
}

function PageList(props: {
  id: string
  title: string
  empty: string
  query: UseQueryResult<PageRef[]>
  limit?: number
}) {
  const { id, title, empty, query, limit } = props
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {query.isPending && <Loading />}
      <ErrorNote error={query.error} onRetry={() => void query.refetch()} />
      {query.data?.length === 0 && <Empty>{empty}</Empty>}
      {query.data && query.data.length > 0 && (
        <ul className="list">
          {query.data.slice(0, limit).map((page) => (
            <li key={pageKey(page)}>
              <Link
                to="/s/$org/$space/page/$"
                params={{ org: page.org, space: page.space, _splat: page.path }}
              >
                {page.title}
              </Link>{' '}
              <span className="small muted">{page.space_name}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
