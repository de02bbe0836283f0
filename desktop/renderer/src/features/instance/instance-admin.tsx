import { useTranslation } from 'react-i18next'
import { useDocumentTitle } from '../../app/document-title.ts'
import { useMe } from '../../app/session.ts'
import { NotFound } from '../../components/states.tsx'
import { useDesktop } from '../desktop/use-desktop.ts'
import { Accounts } from './accounts.tsx'
import { FirstSteps } from './first-steps.tsx'
import { Organizations } from './organizations.tsx'
import { SsoProviders } from './sso-providers.tsx'
import '../organization/organization.css'
import './instance.css'

/**
 * The instance's administration (super admin only): accounts, organizations and single sign-on
 * providers, and the first steps of a new instance. Anyone else sees the not-found message, as the
 * API answers them; so does the desktop's one person, who has no accounts to manage.
 */
export function InstanceAdmin() {
  const { t } = useTranslation()
  useDocumentTitle(t('common.nav.instance'))
  const me = useMe()
  const desktop = useDesktop()
  if (!me.is_superadmin || desktop) return <NotFound />
  return (
    <div className="admin-page">
      <h1>{t('instance.title')}</h1>
      <FirstSteps />
      <Organizations />
      <Accounts />
      <SsoProviders />
    </div>
  )
}
