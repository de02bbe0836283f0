import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { Section } from '../../components/section.tsx'
import { Empty, ErrorNote, Loading } from '../../components/states.tsx'
import { NewSpaceButton } from './new-space-dialog.tsx'
import { orgSpacesQuery } from './queries.ts'

/** The organization's spaces, and a new one. */
export function OrgSpaces({ org, orgName }: { org: string; orgName: string }) {
  const { t } = useTranslation()
  const spaces = useQuery(orgSpacesQuery(org))
  return (
    <Section id="org-spaces" title={t('organization.spaces')}>
      {spaces.isPending && <Loading />}
      <ErrorNote error={spaces.error} onRetry={() => void spaces.refetch()} />
      {spaces.data?.length === 0 && <Empty>{t('organization.noSpaces')}</Empty>}
      {spaces.data && spaces.data.length > 0 && (
        <ul className="list">
          {spaces.data.map((space) => (
            <li key={space.slug}>
              <Link to="/s/$org/$space" params={{ org, space: space.slug }}>
                {space.name}
              </Link>{' '}
              <span className="muted small">
                {space.slug}
                {space.repo_url ? ` · ${space.repo_url} (${space.branch})` : ` · ${t('organization.kept')}`}
              </span>
              {space.description && <p className="small muted">{space.description}</p>}
            </li>
          ))}
        </ul>
      )}
      <div className="toolbar section-actions">
        <NewSpaceButton org={org} orgName={orgName} />
      </div>
    </Section>
  )
}
