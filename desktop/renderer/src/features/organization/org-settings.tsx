import { useQuery } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../app/api.ts'
import { useDocumentTitle } from '../../app/document-title.ts'
import { SectionLink } from '../../components/section-link.tsx'
import { ErrorNote, Loading, NotFound } from '../../components/states.tsx'
import { useDesktop } from '../desktop/use-desktop.ts'
import { OrgWebhooks } from '../webhooks/org-webhooks.tsx'
import { OrgAi } from './org-ai.tsx'
import { OrgEmbeddings } from './org-embeddings.tsx'
import { OrgGeneral } from './org-general.tsx'
import { OrgMembers } from './org-members.tsx'
import { OrgSpaces } from './org-spaces.tsx'
import { organizationQuery } from './queries.ts'
import './organization.css'

/**
 * An organization's administration (its admins and the super admin): name, members, spaces, AI,
 * embeddings and outgoing webhooks. Anyone else sees the not-found message, as the API answers for what they cannot manage.
 * The desktop's one person has no members to manage, and its events leave no machine: neither there.
 */
export function OrgSettings() {
  const { t } = useTranslation()
  const { org = '' } = useParams({ strict: false }) as { org?: string }
  const details = useQuery(organizationQuery(org))
  useDocumentTitle(details.data?.name)
  const desktop = useDesktop()
  if (details.isPending) return <Loading />
  if (details.error instanceof ApiError && details.error.status === 404) return <NotFound />
  if (details.error) return <ErrorNote error={details.error} onRetry={() => void details.refetch()} />
  if (details.data.role !== 'admin') return <NotFound />
  return (
    <div className="admin-page">
      <p className="small muted">{t('organization.kicker')}</p>
      <h1>{details.data.name}</h1>
      <nav aria-label={t('organization.sections')} className="tabs">
        <SectionLink to="org-general">{t('organization.general')}</SectionLink>
        {!desktop && <SectionLink to="org-members">{t('organization.members')}</SectionLink>}
        <SectionLink to="org-spaces">{t('organization.spaces')}</SectionLink>
        <SectionLink to="org-ai">{t('organization.ai')}</SectionLink>
        <SectionLink to="org-embeddings">{t('organization.embeddings')}</SectionLink>
        {!desktop && <SectionLink to="org-webhooks">{t('webhooks.title')}</SectionLink>}
      </nav>
      <OrgGeneral org={org} details={details.data} />
      {!desktop && <OrgMembers org={org} orgName={details.data.name} />}
      <OrgSpaces org={org} orgName={details.data.name} />
      <OrgAi org={org} />
      <OrgEmbeddings org={org} />
      {!desktop && <OrgWebhooks org={org} />}
    </div>
  )
}
