import { useQueries, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { useDocumentTitle } from '../../app/document-title.ts'
import { useMe } from '../../app/session.ts'
import { formatDate } from '../../components/format.ts'
import { Empty, ErrorNote, Loading } from '../../components/states.tsx'
import { DesktopSpaces } from '../desktop/desktop-spaces.tsx'
import { useDesktop } from '../desktop/use-desktop.ts'
import { organizationsQuery } from '../organization/queries.ts'
import { spacesQuery } from '../space/queries.ts'
import { PageLists } from './page-lists.tsx'
import { type HomeSpace, spaceActivityQuery } from './queries.ts'

/** How many spaces the home screen asks for counts and changes (the rest are listed only). */
const DETAILED_SPACES = 30

/**
 * Home: the pages the person viewed last and their favourites, the organizations and spaces they can
 * read, inbox counts and recent changes.
 */
export function Home() {
  const { t, i18n } = useTranslation()
  useDocumentTitle(t('common.nav.home'))
  const me = useMe()
  const desktop = useDesktop()
  const orgs = useQuery(organizationsQuery)
  const spaces = useQuery(spacesQuery)
  const detailed = (spaces.data ?? []).slice(0, DETAILED_SPACES)
  const activity = useQueries({ queries: detailed.map(spaceActivityQuery) })
  const pendingOf = (space: HomeSpace) =>
    activity[detailed.findIndex((s) => s.organization === space.organization && s.slug === space.slug)]?.data
      ?.pending
  const recent = activity
    .flatMap((result) => result.data?.changes ?? [])
    .sort((a, b) => String(b.deposited_at).localeCompare(String(a.deposited_at)))
    .slice(0, 10)

  return (
    <div className="home">
      <h1>{t('home.welcome', { name: me.display_name || me.username })}</h1>
      <PageLists />
      {/* On the desktop, this computer's spaces and their sync state take the place of the list. */}
      {desktop && <DesktopSpaces />}
      <section aria-labelledby="home-spaces" hidden={Boolean(desktop)}>
        <h2 id="home-spaces">{t('home.spaces')}</h2>
        {spaces.isPending && <Loading />}
        <ErrorNote error={spaces.error} onRetry={() => void spaces.refetch()} />
        {spaces.data?.length === 0 && (
          <Empty>{me.is_superadmin ? t('home.noSpacesAdmin') : t('home.noSpaces')}</Empty>
        )}
        {(orgs.data ?? []).map((org) => {
          const own = (spaces.data ?? []).filter((space) => space.organization === org.slug)
          if (own.length === 0 && org.role !== 'admin') return null
          return (
            <section key={org.slug} className="org-block" aria-label={org.name}>
              <h3>
                {org.name}
                {org.role === 'admin' && (
                  <Link
                    to="/org/$org"
                    params={{ org: org.slug }}
                    className="small"
                    aria-label={t('home.manage', { name: org.name })}
                  >
                    {t('common.edit')}
                  </Link>
                )}
              </h3>
              <ul className="cards">
                {own.map((space) => {
                  const pending = pendingOf(space)
                  return (
                    <li key={space.slug} className="card">
                      <Link to="/s/$org/$space" params={{ org: space.organization, space: space.slug }}>
                        <strong>{space.name}</strong>
                      </Link>
                      {space.description && <p className="muted">{space.description}</p>}
                      <p className="small">
                        <span className="badge">{t(`common.roles.${space.role}`)}</span>{' '}
                        {pending !== undefined && pending > 0 && (
                          <Link
                            to="/s/$org/$space/inbox"
                            params={{ org: space.organization, space: space.slug }}
                          >
                            {t('home.pending', { count: pending })}
                          </Link>
                        )}
                      </p>
                    </li>
                  )
                })}
              </ul>
            </section>
          )
        })}
      </section>
      <section aria-labelledby="home-recent">
        <h2 id="home-recent">{t('home.recent')}</h2>
        {activity.some((result) => result.isPending) && <Loading />}
        {!activity.some((result) => result.isPending) && recent.length === 0 && (
          <Empty>{t('home.noRecent')}</Empty>
        )}
        <ul className="list">
          {recent.map((item) => (
            <li key={`${item.space.organization}/${item.space.slug}/${item.name}`}>
              <Link
                to="/s/$org/$space/inbox/$name"
                params={{ org: item.space.organization, space: item.space.slug, name: item.name }}
              >
                {item.title}
              </Link>{' '}
              <span className="muted small">
                {item.space.name} ·{' '}
                {t('home.changedBy', {
                  who: item.deposited_by,
                  when: formatDate(item.deposited_at, i18n.language),
                })}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}
